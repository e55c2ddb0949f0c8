import type { Disposable } from '../../../shared/Disposable';
import type { Database, QueryOptions, SqlValue } from '../../../server/db/Database';
import type { EventHub, StoredEvent } from '../../../server/events/EventHub';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { OrderRecord } from '../../../server/orders/orderView';
import { ORDER_PROFILES } from '../../../server/seed/orderProfiles';
import { demoOrder } from '../../../server/simulator/demoOrder';
import type { RunningServer } from '../../../server/startServer';
import { insertOrder, random, tenantOf } from '../support/orderFixtures';
import { GERMAN_EMAIL, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

/**
 * The database as the repository sees it, noting in `log` when a transaction has committed (or rolled
 * back) and when a statement outside one has answered (it has committed then: it is its own transaction).
 * With `failCommit`, every transaction does its work and then rolls back, as one whose commit fails.
 */
function loggingDatabase(database: Database, log: string[], options: { failCommit?: boolean } = {}): Database {
  return {
    query: async <T extends object>(sql: string, params?: readonly SqlValue[], queryOptions?: QueryOptions): Promise<T[]> => {
      const rows = await database.query<T>(sql, params, queryOptions);
      log.push('statement answered');
      return rows;
    },
    exec: (sql) => database.exec(sql),
    transaction: async (work) => {
      try {
        const answer = await database.transaction(async (tx) => {
          const done = await work(tx);
          if (options.failCommit) throw new Error('the commit failed');
          return done;
        });
        log.push('committed');
        return answer;
      } catch (error) {
        log.push('rolled back');
        throw error;
      }
    },
    close: async () => undefined,
  };
}

/**
 * A hub that notes in `log` each event it is told of, and asks the database from outside the write
 * whether the event's row is there (on PostgreSQL another connection, which sees committed rows only).
 */
class CheckingHub implements EventHub {
  readonly published: StoredEvent[] = [];
  private readonly visibility: Promise<boolean>[] = [];

  constructor(
    private readonly database: Database,
    private readonly log: string[],
  ) {}

  publish(event: StoredEvent): void {
    this.published.push(event);
    this.log.push(`published ${event.id}`);
    this.visibility.push(
      this.database
        .query('SELECT 1 FROM order_events WHERE tenant_id = $1::uuid AND id = $2 AND type = $3 AND data = $4', [event.tenantId, event.id, event.type, event.data])
        .then((rows) => rows.length === 1),
    );
  }

  /** Whether each published event's row was found, in the order published. */
  visible(): Promise<boolean[]> {
    return Promise.all(this.visibility);
  }

  subscribe(): Disposable {
    throw new Error('not listened to here');
  }

  subscribeAll(): Disposable {
    throw new Error('not listened to here');
  }
}

describe('the order repository publishes what its writes stored, once committed', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  const draw = random(11);
  let server: RunningServer;
  let tenantId: string;
  let day = 0;

  /** A repository on the server's database whose commits and publications go to one log. */
  const writer = (options: { failCommit?: boolean } = {}) => {
    const log: string[] = [];
    const hub = new CheckingHub(server.database, log);
    return { log, hub, orders: new OrderRepository(loggingDatabase(server.database, log, options), hub) };
  };
  /** An order of the tenant, inserted straight, as the repository reads it. */
  const stored = async (status: 'new' | 'confirmed' = 'new'): Promise<OrderRecord> => {
    day += 1;
    const begin = new Date(Date.UTC(2032, 0, day, 8)).toISOString();
    const id = await insertOrder(server, tenantId, { begin, end: new Date(Date.UTC(2032, 0, day, 10)).toISOString(), status });
    const record = await new OrderRepository(server.database, server.events).find(tenantId, id);
    if (!record) throw new Error('the order was not stored');
    return record;
  };
  const lastId = async (): Promise<number> => {
    const [row] = await server.database.query<{ last_id: number | null }>('SELECT max(id) AS last_id FROM order_events WHERE tenant_id = $1::uuid', [tenantId]);
    return Number(row?.last_id ?? 0);
  };
  const eventsAfter = (id: number): Promise<StoredEvent[]> =>
    server.database
      .query<StoredEvent>('SELECT id, type, data FROM order_events WHERE tenant_id = $1::uuid AND id > $2 ORDER BY id', [tenantId, id])
      .then((rows) => rows.map((row) => ({ tenantId, id: Number(row.id), type: row.type, data: row.data })));

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 0 });
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('publishes a creation, a change, an update and a deletion each once, after its commit, as stored', async () => {
    const before = await lastId();
    const { log, hub, orders } = writer();

    const created = await orders.create(tenantId, 'PUB-2026-', demoOrder(ORDER_PROFILES.german, clock.now(), draw), clock.now());
    expect(log).toEqual(['committed', `published ${created.event.id}`]);
    log.length = 0;
    const changed = await orders.change(tenantId, created.record, { notes: 'geändert' }, clock.now());
    if (!changed) throw new Error('the order was not changed');
    // A single statement: its own transaction, committed when it answers.
    expect(log).toEqual(['statement answered', `published ${changed.event.id}`]);
    log.length = 0;
    const updated = await orders.update(tenantId, created.record.id, changed.record.version, { station: 'Lübeck' }, clock.now());
    if (!updated) throw new Error('the order was not updated');
    expect(log).toEqual(['committed', `published ${updated.event.id}`]);
    log.length = 0;
    const removed = await orders.delete(tenantId, created.record.id, clock.now());
    if (!removed) throw new Error('the order was not deleted');
    expect(log).toEqual(['committed', `published ${removed.event.id}`]);

    expect(hub.published).toEqual([created.event, changed.event, updated.event, removed.event]);
    expect(hub.published).toEqual(await eventsAfter(before));
    expect(hub.published.map((event) => event.type)).toEqual(['order.created', 'order.updated', 'order.updated', 'order.deleted']);
    expect(await hub.visible()).toEqual([true, true, true, true]);
  });

  it('publishes the events of several changes in one transaction once each, in id order, and none for a refused one', async () => {
    const [a, b, c] = [await stored(), await stored(), await stored()];
    const before = await lastId();
    const { log, hub, orders } = writer();
    const changes = await orders.updateMany(
      tenantId,
      [
        { id: c.id, version: c.version, changes: { notes: 'zuerst' } },
        { id: a.id, version: a.version + 1, changes: { notes: 'veraltet' } },
        { id: b.id, version: b.version, changes: { notes: 'danach' } },
      ],
      clock.now(),
    );
    expect(changes.map((change) => change.record.id)).toEqual([c.id, b.id]);
    expect(log).toEqual(['committed', `published ${before + 1}`, `published ${before + 2}`]);
    expect(hub.published).toEqual(changes.map((change) => change.event));
    expect(hub.published).toEqual(await eventsAfter(before));
    expect(await hub.visible()).toEqual([true, true]);
  });

  it('publishes each order a bulk move changed once, after its commit, and nothing for the orders it left', async () => {
    const [moving, already, stale, other] = [await stored(), await stored('confirmed'), await stored(), await stored()];
    const before = await lastId();
    const { log, hub, orders } = writer();
    const move = await orders.moveMany(
      tenantId,
      [moving, already, { id: stale.id, version: stale.version + 1 }, other].map(({ id, version }) => ({ id, version })),
      'confirmed',
      clock.now(),
    );
    expect(move.outcomes.map((outcome) => outcome.outcome)).toEqual(['changed', 'unchanged', 'stale', 'changed']);
    expect(log).toEqual(['committed', `published ${before + 1}`, `published ${before + 2}`]);
    expect(hub.published).toEqual(move.changes.map((change) => change.event));
    expect(hub.published.map((event) => (JSON.parse(event.data) as { id: string }).id)).toEqual([moving.id, other.id]);
    expect(hub.published).toEqual(await eventsAfter(before));
    expect(await hub.visible()).toEqual([true, true]);
  });

  it('publishes nothing for a write that throws, rolls back, or is refused', async () => {
    const order = await stored();
    const before = await lastId();

    const throwing = writer();
    const refusal = new Error('refused inside the transaction');
    await expect(
      throwing.orders.create(tenantId, 'PUB-2026-', demoOrder(ORDER_PROFILES.german, clock.now(), draw), clock.now(), undefined, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(throwing.log).toEqual(['rolled back']);
    expect(await throwing.orders.change(tenantId, { ...order, version: order.version + 1 }, { notes: 'veraltet' }, clock.now())).toBeUndefined();
    expect(await throwing.orders.update(tenantId, order.id, order.version + 1, { notes: 'veraltet' }, clock.now())).toBeUndefined();
    expect(await throwing.orders.delete(tenantId, '01900000-0000-7000-8000-00000000beef', clock.now())).toBeUndefined();
    expect(throwing.hub.published).toEqual([]);

    // Each write did its work, stored its events, and then its transaction rolled back.
    const failing = writer({ failCommit: true });
    const writes: (() => Promise<unknown>)[] = [
      () => failing.orders.create(tenantId, 'PUB-2026-', demoOrder(ORDER_PROFILES.german, clock.now(), draw), clock.now()),
      () => failing.orders.update(tenantId, order.id, order.version, { notes: 'nie' }, clock.now()),
      () => failing.orders.updateMany(tenantId, [{ id: order.id, version: order.version, changes: { notes: 'nie' } }], clock.now()),
      () => failing.orders.moveMany(tenantId, [{ id: order.id, version: order.version }], 'confirmed', clock.now()),
      () => failing.orders.delete(tenantId, order.id, clock.now()),
    ];
    for (const write of writes) await expect(write()).rejects.toThrow('the commit failed');
    expect(failing.log).toEqual(writes.map(() => 'rolled back'));
    expect(failing.hub.published).toEqual([]);
    expect(await lastId()).toBe(before);
    expect(await eventsAfter(before)).toEqual([]);
  });
});
