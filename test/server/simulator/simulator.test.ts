import type { StoredEvent } from '../../../server/events/EventHub';
import { InProcessEventHub } from '../../../server/events/InProcessEventHub';
import { DoubleBookingRefused } from '../../../server/orders/doubleBookings';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import { DemoSimulator, DEFAULT_SIMULATOR_INTERVAL_MS } from '../../../server/simulator/DemoSimulator';
import { weekOf } from '../../../server/simulator/zonedTime';
import { ORDER_PROFILES } from '../../../server/seed/orderProfiles';
import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import { canTransition, type OrderStatus } from '../../../shared/OrderStatus';
import { orderSpanProblems } from '../../../shared/orderSpan';
import { EventStreamClient } from '../support/eventStream';
import { random, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

interface EventRow {
  id: number;
  type: string;
  data: string;
}

describe('the demo simulator', () => {
  // A Wednesday: the week runs from Monday 15 June to Sunday 21 June.
  const clock = new TestClock(new Date('2026-06-17T08:00:00.000Z'));
  let quiet: RunningServer;
  let quietReady: number;
  let simulating: RunningServer;
  const open: EventStreamClient[] = [];

  const events = (server: RunningServer, tenantId: string): Promise<EventRow[]> =>
    server.database.query<EventRow>('SELECT id, type, data FROM order_events WHERE tenant_id = $1 ORDER BY id', [tenantId]);

  beforeAll(async () => {
    [quiet, simulating] = await Promise.all([
      startTestServer({ clock: clock.now, seedOrders: 30 }),
      startTestServer({ clock: clock.now, seedOrders: 30, simulate: { intervalMs: 20, random: random(7) } }),
    ]);
    quietReady = Date.now();
  }, STARTUP_TIMEOUT_MS);

  afterEach(() => {
    for (const client of open.splice(0)) client.abort();
  });

  afterAll(() => Promise.all([quiet?.close(), simulating?.close()]));

  it('runs with `simulate`, announcing its changes in each demo tenant to the open streams', async () => {
    for (const email of [GERMAN_EMAIL, BRITISH_EMAIL]) {
      const client = await EventStreamClient.open(simulating, { token: (await login(simulating, email)).token });
      open.push(client);
      await client.untilEvents(3, 10_000);
      expect(client.events.every((event) => event.event === 'order.created' || event.event === 'order.updated')).toBe(true);
      const tenantId = await tenantOf(simulating, email);
      const orders = client.events.map((event) => JSON.parse(event.data) as Order);
      // Each event is the tenant's: its orders are in the tenant's table.
      const [row] = await simulating.database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM orders WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
        [tenantId, orders.map((order) => order.id)],
      );
      expect(row?.count).toBe(new Set(orders.map((order) => order.id)).size);
    }
  });

  it('is off unless asked for', async () => {
    // Longer than the first step would take with the default interval.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, quietReady + DEFAULT_SIMULATOR_INTERVAL_MS + 500 - Date.now())));
    const [row] = await quiet.database.query<{ count: number }>('SELECT count(*)::int AS count FROM order_events');
    expect(row?.count).toBe(0);
  });

  it('creates orders of the current week and moves orders only along their life cycle', async () => {
    const tenants = await Promise.all([GERMAN_EMAIL, BRITISH_EMAIL].map((email) => tenantOf(quiet, email)));
    const before = await quiet.database.query<{ id: string; status: OrderStatus; version: number }>('SELECT id, status, version FROM orders');
    const states = new Map(before.map((order) => [order.id, { status: order.status, version: order.version }]));
    const simulator = new DemoSimulator(
      {
        database: quiet.database,
        orders: new OrderRepository(quiet.database, quiet.events),
        clock: clock.now,
        onError: (error) => {
          throw error;
        },
      },
      { intervalMs: 5, random: random(42) },
    );
    await simulator.start();
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 20_000;
      const check = async () => {
        const counts = await Promise.all(tenants.map(async (tenantId) => (await events(quiet, tenantId)).length));
        if (counts.every((count) => count >= 40)) resolve();
        else if (Date.now() > deadline) reject(new Error(`too few events: ${counts.join(', ')}`));
        else setTimeout(() => void check().catch(reject), 20);
      };
      void check().catch(reject);
    });
    await simulator.stop();
    const after = await Promise.all(tenants.map((tenantId) => events(quiet, tenantId)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Stopped means stopped.
    expect(await Promise.all(tenants.map(async (tenantId) => (await events(quiet, tenantId)).length))).toEqual(after.map((rows) => rows.length));

    for (const [index, rows] of after.entries()) {
      const profile = index === 0 ? ORDER_PROFILES.german : ORDER_PROFILES.british;
      const prefix = index === 0 ? 'AN' : 'CF';
      const week = weekOf(clock.now(), profile.timeZone);
      const kinds = new Set<string>();
      expect(rows.map((row) => Number(row.id))).toEqual(rows.map((_, position) => position + 1));
      for (const row of rows) {
        const order = JSON.parse(row.data) as Order;
        const known = states.get(order.id);
        if (row.type === 'order.created') {
          kinds.add('created');
          expect(known).toBeUndefined();
          expect(order).toEqual(expect.objectContaining({ status: 'new', version: 1 }));
          expect(order.number).toMatch(new RegExp(`^${prefix}-2026-\\d{6}$`));
          expect(Date.parse(order.begin)).toBeGreaterThanOrEqual(Math.max(week.start.getTime(), clock.now().getTime()));
          expect(Date.parse(order.begin)).toBeLessThan(week.end.getTime());
          expect(Date.parse(order.end)).toBeGreaterThan(Date.parse(order.begin));
          expect(orderSpanProblems(Date.parse(order.begin), Date.parse(order.end))).toEqual([]);
          expect(order.price.currency).toBe(profile.currency);
          expect(profile.stations.map((station) => station.name)).toContain(order.station);
        } else {
          expect(row.type).toBe('order.updated');
          kinds.add(order.status === 'cancelled' ? 'cancelled' : 'moved');
          if (!known) throw new Error(`an update of an unknown order ${order.id}`);
          expect(`${known.status} → ${order.status}: ${canTransition(known.status, order.status)}`).toBe(`${known.status} → ${order.status}: true`);
          expect(order.version).toBe(known.version + 1);
          // Moved orders are of the current week.
          expect(Date.parse(order.begin)).toBeGreaterThanOrEqual(week.start.getTime());
          expect(Date.parse(order.begin)).toBeLessThan(week.end.getTime());
        }
        states.set(order.id, { status: order.status, version: order.version });
      }
      expect([...kinds].sort()).toEqual(['cancelled', 'created', 'moved']);
      const numbers = rows.filter((row) => row.type === 'order.created').map((row) => (JSON.parse(row.data) as Order).number);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
  }, 30_000);

  it('has its changes reach the hub\'s subscribers through the repository, each once and in order, publishing nothing itself', async () => {
    const tenants = await Promise.all([GERMAN_EMAIL, BRITISH_EMAIL].map((email) => tenantOf(quiet, email)));
    const before = await Promise.all(tenants.map(async (tenantId) => (await events(quiet, tenantId)).length));
    // A hub of its own that only the repository is given: whatever reaches it, the repository published.
    const hub = new InProcessEventHub();
    const heard: StoredEvent[] = [];
    const listening = hub.subscribeAll((event) => heard.push(event));
    const simulator = new DemoSimulator(
      {
        database: quiet.database,
        orders: new OrderRepository(quiet.database, hub),
        clock: clock.now,
        onError: (error) => {
          throw error;
        },
      },
      { intervalMs: 5, random: random(9) },
    );
    await simulator.start();
    for (const deadline = Date.now() + 20_000; tenants.some((tenantId) => heard.filter((event) => event.tenantId === tenantId).length < 10); ) {
      if (Date.now() > deadline) throw new Error(`too few events heard: ${heard.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await simulator.stop();
    listening.dispose();
    for (const [index, tenantId] of tenants.entries()) {
      const rows = (await events(quiet, tenantId)).slice(before[index]);
      expect(heard.filter((event) => event.tenantId === tenantId)).toEqual(rows.map((row) => ({ tenantId, id: Number(row.id), type: row.type, data: row.data })));
    }
  }, 30_000);

  it('books no vehicle twice: a new order refused as a double booking is left out, not reported as an error', async () => {
    const repository = new OrderRepository(quiet.database, new InProcessEventHub());
    const refused = new DoubleBookingRefused({ id: 'other', number: 'AN-2026-000001', begin_at: '', end_at: '', status: 'new' });
    const create = jest.spyOn(repository, 'create').mockRejectedValue(refused);
    const onError = jest.fn();
    // Every draw below the share of creations: each step creates.
    const simulator = new DemoSimulator({ database: quiet.database, orders: repository, clock: clock.now, onError }, { intervalMs: 3_600_000, random: () => 0 });
    await simulator.start();
    await expect(simulator.step()).resolves.toBeUndefined();
    expect(create).toHaveBeenCalledTimes(2);
    // Any other failure is still one.
    create.mockRejectedValue(new Error('the database is gone'));
    await expect(simulator.step()).rejects.toThrow('the database is gone');
    await simulator.stop();
    expect(onError).not.toHaveBeenCalled();
  });
});
