import { randomUUID } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { REVOCATION_CHANNEL, RevokedTokens } from '../../../server/auth/RevokedTokens';
import type { Queryable } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';
import type { StoredEvent } from '../../../server/events/EventHub';
import { EventLog, nextEventIds, recordEvents } from '../../../server/events/EventLog';
import { EVENT_CHANNEL } from '../../../server/events/EventWakeups';
import { endRevokedStreams } from '../../../server/events/endRevokedStreams';
import { OpenStreams } from '../../../server/events/OpenStreams';
import { PostgresEventHub } from '../../../server/events/PostgresEventHub';
import { PostgresNotifications } from '../../../server/events/PostgresNotifications';
import { StreamPlaces } from '../../../server/events/StreamPlaces';
import { startServer } from '../../../server/startServer';
import { SESSIONS_ENDED_CHANNEL, UserRepository } from '../../../server/users/UserRepository';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { eventually } from '../../support/eventually';

/** One backend process as far as events go: its pool, its listening connection and its hub. */
interface Process {
  database: PostgresDatabase;
  notifications: PostgresNotifications;
  hub: PostgresEventHub;
  errors: string[];
  close(): Promise<void>;
}

const NOW = new Date('2026-03-10T09:30:00.000Z');

/**
 * A process whose hub polls where the tenants stand only every `pollIntervalMs` (by default seldom
 * enough that the tests see the wake-ups, not the poll).
 */
async function startProcess(url: string, pollIntervalMs = 60_000): Promise<Process> {
  const database = await PostgresDatabase.open(url, 4);
  const errors: string[] = [];
  const onError = (error: unknown, message: string) => errors.push(`${message}: ${String(error)}`);
  const notifications = new PostgresNotifications({
    connectionString: url,
    channels: [EVENT_CHANNEL, REVOCATION_CHANNEL, SESSIONS_ENDED_CHANNEL],
    onError,
    reconnectDelayMs: 20,
    maxReconnectDelayMs: 200,
    heartbeatIntervalMs: 500,
    heartbeatTimeoutMs: 1000,
  });
  const hub = new PostgresEventHub({ notifications, eventLog: new EventLog(database), database, pollIntervalMs, onError });
  await notifications.start();
  await hub.start();
  return {
    database,
    notifications,
    hub,
    errors,
    close: async () => {
      hub.close();
      await notifications.close();
      await database.close();
    },
  };
}

/** Writes `count` events of `tenantId` in one transaction of `database`, as an order change does; answers them. */
function write(database: PostgresDatabase, tenantId: string, count = 1, label = 'x'): Promise<StoredEvent[]> {
  return database.transaction((tx) => writeIn(tx, tenantId, count, label));
}

async function writeIn(tx: Queryable, tenantId: string, count: number, label: string): Promise<StoredEvent[]> {
  const first = await nextEventIds(tx, tenantId, count);
  const events = Array.from({ length: count }, (_, index) => ({ type: 'order.updated' as const, data: { label, index } }));
  return recordEvents(tx, tenantId, first, events, NOW);
}

/** Collects what a hub delivers for one tenant (or all, with `tenantId` undefined). */
function collect(hub: PostgresEventHub, tenantId?: string): StoredEvent[] {
  const received: StoredEvent[] = [];
  if (tenantId) hub.subscribe(tenantId, (event) => received.push(event));
  else hub.subscribeAll((event) => received.push(event));
  return received;
}

/** The registry of a process's open streams, as an app has it once its lease is held. */
async function openStreamsOn(database: PostgresDatabase): Promise<OpenStreams> {
  const streams = new OpenStreams(new StreamPlaces(database, `process ${randomUUID()}`));
  await streams.admit();
  return streams;
}

const until = (condition: () => boolean, what: string, timeoutMs = 5000) => eventually(condition, { what, timeoutMs, intervalMs: 10 });

/**
 * A TCP proxy to the database whose connections can go silent: `cut()` makes every connection open
 * now drop what it carries without closing (a dead network path: no FIN, no RST); later ones pass.
 */
class SilentCutProxy {
  private constructor(
    private readonly server: net.Server,
    private readonly open: Set<{ silent: boolean; sockets: net.Socket[] }>,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<SilentCutProxy> {
    const open = new Set<{ silent: boolean; sockets: net.Socket[] }>();
    const server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      const pair = { silent: false, sockets: [client, upstream] };
      open.add(pair);
      client.on('data', (chunk) => pair.silent || upstream.write(chunk));
      upstream.on('data', (chunk) => pair.silent || client.write(chunk));
      const end = () => {
        open.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', end).on('error', end);
      upstream.on('close', end).on('error', end);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new SilentCutProxy(server, open, (server.address() as net.AddressInfo).port);
  }

  cut(): void {
    for (const pair of this.open) pair.silent = true;
  }

  async close(): Promise<void> {
    for (const pair of this.open) for (const socket of pair.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const ids = (events: readonly StoredEvent[]) => events.map((event) => event.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

jest.setTimeout(20_000);

describeOnPostgres('the event hub on PostgreSQL (LISTEN/NOTIFY)', () => {
  let scratch: ScratchDatabase;
  let admin: PostgresDatabase;
  const processes: Process[] = [];
  const tenants: string[] = [];

  async function newTenant(): Promise<string> {
    const id = randomUUID();
    await admin.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [id, `Tenant ${tenants.length}`]);
    tenants.push(id);
    return id;
  }

  async function start(pollIntervalMs?: number): Promise<Process> {
    const process = await startProcess(scratch.url, pollIntervalMs);
    processes.push(process);
    return process;
  }

  /** A process that writes and, after each commit, publishes, as the routes do: the others are woken. */
  let writer: Process;

  async function commit(tenantId: string, count = 1, label = 'x'): Promise<StoredEvent[]> {
    const events = await write(writer.database, tenantId, count, label);
    for (const event of events) writer.hub.publish(event);
    return events;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('hub_unit');
    admin = await PostgresDatabase.open(scratch.url, 4);
    await migrate(admin);
    writer = await start();
  });

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.close()));
    await admin?.close();
    await scratch?.drop();
  });

  it('hands a change committed through one process to the listeners of another, in order, once, without publishing there', async () => {
    const tenant = await newTenant();
    const other = await newTenant();
    const [a, b] = [await start(), await start()];
    const onA = collect(a.hub, tenant);
    const onB = collect(b.hub, tenant);
    const everythingOnB = collect(b.hub);

    // A publishes after its commits, as the routes do; B hears only the notifications.
    for (let round = 0; round < 5; round++) {
      for (const event of await write(a.database, tenant, 1 + (round % 3))) a.hub.publish(event);
    }
    for (const event of await write(b.database, other, 2)) b.hub.publish(event);
    await until(() => onB.length >= 9 && everythingOnB.length >= 11, 'the events on B');
    await until(() => onA.length >= 9, 'the events on A');
    // Notifications that arrive after A delivered its own publishes change nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(ids(onA)).toEqual(range(1, 9));
    expect(ids(onB)).toEqual(range(1, 9));
    expect(onB[3]).toEqual({ tenantId: tenant, id: 4, type: 'order.updated', data: JSON.stringify({ label: 'x', index: 0 }) });
    expect(everythingOnB.filter((event) => event.tenantId === other).map((event) => event.id)).toEqual([1, 2]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('wakes the other processes after the commit, once for what committed meanwhile, never from the write transaction', async () => {
    const tenant = await newTenant();
    const other = await newTenant();
    const b = await start();
    const onB = collect(b.hub, tenant);
    const sent = jest.spyOn(writer.notifications, 'notify');
    try {
      // A commit nobody publishes wakes no one: the write transaction itself does not notify.
      await write(writer.database, tenant, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onB).toEqual([]);
      expect(sent).not.toHaveBeenCalled();

      // Published one after the other, the events of two tenants go in one wake-up naming each once.
      const events = [...(await write(writer.database, tenant, 3)), ...(await write(writer.database, other, 1))];
      for (const event of events) writer.hub.publish(event);
      await until(() => onB.length >= 5, 'every event of the tenant');
      expect(ids(onB)).toEqual(range(1, 5));
      expect(sent.mock.calls).toEqual([[EVENT_CHANNEL, [`${tenant}:5`, `${other}:1`]]]);
      expect([...writer.errors, ...b.errors]).toEqual([]);
    } finally {
      sent.mockRestore();
    }
  });

  it('delivers at its next poll what committed without a wake-up (its writer died after the commit)', async () => {
    const tenant = await newTenant();
    const b = await start(200);
    const onB = collect(b.hub, tenant);
    await write(admin, tenant, 3);
    await until(() => onB.length >= 3, 'the events at the next poll', 2000);
    expect(ids(onB)).toEqual(range(1, 3));
    expect(b.errors).toEqual([]);
  });

  it('delivers only what committed: a rolled-back change reaches no one, and its id is taken again', async () => {
    const tenant = await newTenant();
    const b = await start(200);
    const onB = collect(b.hub, tenant);
    await expect(
      admin.transaction(async (tx) => {
        await writeIn(tx, tenant, 1, 'rolled back');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // Long enough for a poll to see nothing.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onB).toEqual([]);
    const [committed] = await commit(tenant, 1, 'committed');
    await until(() => onB.length >= 1, 'the committed event');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(committed?.id).toBe(1);
    expect(onB.map((event) => JSON.parse(event.data) as { label: string })).toEqual([{ label: 'committed', index: 0 }]);
  });

  it('never lets a later id commit before an earlier one: the second writer of a tenant waits for the first to end', async () => {
    const tenant = await newTenant();
    const b = await start();
    const onB = collect(b.hub, tenant);
    const first = new pg.Client({ connectionString: scratch.url });
    const second = new pg.Client({ connectionString: scratch.url });
    await Promise.all([first.connect(), second.connect()]);
    try {
      const asQueryable = (client: pg.Client): Queryable => ({
        query: async <T extends object>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as T[],
        exec: async (sql: string) => {
          await client.query(sql);
        },
      });
      await first.query('BEGIN');
      await second.query('BEGIN');
      await writeIn(asQueryable(first), tenant, 1, 'first');
      let secondDone = false;
      const secondWrite = writeIn(asQueryable(second), tenant, 1, 'second').then(async (events) => {
        secondDone = true;
        await second.query('COMMIT');
        return events;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The second transaction cannot even take its id while the first is open.
      expect(secondDone).toBe(false);
      expect(onB).toEqual([]);
      await first.query('COMMIT');
      const secondEvents = await secondWrite;
      expect(ids(secondEvents)).toEqual([2]);
      for (const event of secondEvents) writer.hub.publish(event);
      await until(() => onB.length >= 2, 'both events');
      expect(onB.map((event) => [event.id, (JSON.parse(event.data) as { label: string }).label])).toEqual([
        [1, 'first'],
        [2, 'second'],
      ]);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('delivers events published out of order in id order, reading the missing ones from the table', async () => {
    const tenant = await newTenant();
    // A hub whose connection never listens: only the publishes (out of order) and the table count.
    const deaf = new PostgresNotifications({ connectionString: scratch.url, channels: [EVENT_CHANNEL], onError: () => undefined });
    const hub = new PostgresEventHub({ notifications: deaf, eventLog: new EventLog(admin), database: admin, onError: () => undefined });
    await hub.start();
    try {
      const received = collect(hub, tenant);
      const [e1] = await write(admin, tenant, 1);
      const [e2] = await write(admin, tenant, 1);
      const [e3] = await write(admin, tenant, 1);
      hub.publish(e3 as StoredEvent);
      expect(received).toEqual([]);
      hub.publish(e1 as StoredEvent);
      hub.publish(e2 as StoredEvent);
      await until(() => received.length >= 3, 'three events');
      const [e4] = await write(admin, tenant, 1);
      // The next one in line is handed on at once.
      hub.publish(e4 as StoredEvent);
      expect(ids(received)).toEqual([1, 2, 3, 4]);
    } finally {
      hub.close();
    }
  });

  it('keeps every event of many writers on two processes in order and once, on both', async () => {
    const tenant = await newTenant();
    const [a, b] = [await start(), await start()];
    const onA = collect(a.hub, tenant);
    const onB = collect(b.hub, tenant);
    // Eight writers at once, half through each process, each publishing on its own process.
    await Promise.all(
      Array.from({ length: 8 }, async (_, writerIndex) => {
        const process = writerIndex % 2 === 0 ? a : b;
        for (let round = 0; round < 15; round++) {
          for (const event of await write(process.database, tenant, 1 + (round % 2))) process.hub.publish(event);
        }
      }),
    );
    const total = 8 * (8 * 1 + 7 * 2);
    await until(() => onA.length >= total && onB.length >= total, `${total} events on both`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ids(onA)).toEqual(range(1, total));
    expect(ids(onB)).toEqual(range(1, total));
  });

  it('listens again after its connection was terminated and delivers what was committed meanwhile, once', async () => {
    const tenant = await newTenant();
    const b = await start();
    const onB = collect(b.hub, tenant);
    await commit(tenant, 2);
    await until(() => onB.length >= 2, 'the first events');
    const pid = b.notifications.backendPid;
    expect(pid).toEqual(expect.any(Number));

    // The server ends the listening connection; the next wake-ups reach nobody on B.
    await admin.query('SELECT pg_terminate_backend($1)', [pid as number]);
    await until(() => !b.notifications.isListening, 'the connection to be lost');
    await commit(tenant, 3);
    await until(() => b.notifications.connections >= 2 && b.notifications.isListening, 'a new listening connection');
    await commit(tenant, 1);
    await until(() => onB.length >= 6, 'the events committed meanwhile and after');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ids(onB)).toEqual(range(1, 6));
    expect(b.notifications.backendPid).not.toBe(pid);
    expect(b.errors.some((error) => error.includes('lost'))).toBe(true);
  });

  it('notices a listening connection cut without a word (heartbeat), connects again and delivers what it missed', async () => {
    const tenant = await newTenant();
    const server = new URL(scratch.url);
    const proxy = await SilentCutProxy.start({ host: server.hostname, port: Number(server.port || 5432) });
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const errors: string[] = [];
    const onError = (error: unknown, message: string) => errors.push(`${message}: ${String(error)}`);
    const notifications = new PostgresNotifications({
      connectionString: viaProxy.toString(),
      channels: [EVENT_CHANNEL],
      onError,
      reconnectDelayMs: 20,
      heartbeatIntervalMs: 200,
      heartbeatTimeoutMs: 300,
    });
    const hub = new PostgresEventHub({ notifications, eventLog: new EventLog(admin), database: admin, pollIntervalMs: 60_000, onError });
    try {
      await notifications.start();
      await hub.start();
      const received = collect(hub, tenant);
      await commit(tenant, 1);
      await until(() => received.length >= 1, 'the first event');

      proxy.cut();
      await commit(tenant, 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Woken on a connection that no longer carries anything: nothing arrives yet.
      expect(ids(received)).toEqual([1]);
      await until(() => notifications.connections >= 2 && notifications.isListening, 'a new listening connection');
      await commit(tenant, 1);
      await until(() => received.length >= 5, 'the events missed and the next');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ids(received)).toEqual([1, 2, 3, 4, 5]);
      expect(errors.some((error) => error.includes('no answer to the heartbeat within 300 ms'))).toBe(true);
    } finally {
      hub.close();
      await notifications.close();
      await proxy.close();
    }
  });

  it('is the hub of a backend on a PostgreSQL server, whose listening connection ends with it, also when its start fails', async () => {
    const own = await createScratchDatabase('hub_start');
    const listening = async () => {
      const client = new pg.Client({ connectionString: own.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'order-cockpit events'`,
        );
        return rows.length;
      } finally {
        await client.end();
      }
    };
    const options = { databaseUrl: own.url, seedOrders: 0, staticDir: '/nonexistent/order-cockpit-dist' };
    try {
      const server = await startServer(options);
      expect(server.events).toBeInstanceOf(PostgresEventHub);
      expect(await listening()).toBe(1);
      // The port is taken: the start fails after the hub listens.
      await expect(startServer({ ...options, port: server.port })).rejects.toThrow(/EADDRINUSE/);
      expect(await listening()).toBe(1);
      await server.close();
      expect(await listening()).toBe(0);
    } finally {
      await own.drop();
    }
  });

  it('ends the streams of a token revoked by another process, and after a reconnect those revoked meanwhile', async () => {
    const b = await start();
    const closed: string[] = [];
    const streams = await openStreamsOn(b.database);
    // As a LiveStream does, a stream leaves the registry when it ends.
    const open = (tokenId: string, name: string) => {
      const registration = streams.add({ id: tokenId, userId: randomUUID(), sessionGeneration: 0 }, {
        close: (reason) => {
          closed.push(`${name}:${reason}`);
          registration.dispose();
        },
      });
    };
    const [revokedLive, revokedMeanwhile, kept] = [randomUUID(), randomUUID(), randomUUID()];
    open(revokedLive, 'live');
    open(revokedMeanwhile, 'meanwhile');
    open(kept, 'kept');
    const revokedTokens = new RevokedTokens(b.database);
    endRevokedStreams({ notifications: b.notifications, streams, revokedTokens, users: new UserRepository(b.database), onError: (error) => closed.push(`error ${String(error)}`) });

    // Revoked through another process's database pool.
    const elsewhere = new RevokedTokens(admin);
    const revokedAt = Date.now();
    await elsewhere.revoke(revokedLive, new Date(Date.now() + 60_000));
    await until(() => closed.includes('live:revoked'), 'the stream of the revoked token to end', 1000);
    expect(Date.now() - revokedAt).toBeLessThan(1000);

    await admin.query('SELECT pg_terminate_backend($1)', [b.notifications.backendPid as number]);
    await until(() => !b.notifications.isListening, 'the connection to be lost');
    await elsewhere.revoke(revokedMeanwhile, new Date(Date.now() + 60_000));
    await until(() => closed.includes('meanwhile:revoked'), 'the stream revoked while not listening to end');
    expect(closed).toEqual(['live:revoked', 'meanwhile:revoked']);
    expect(streams.tokenIds()).toEqual([kept]);
  });

  it('ends the streams of a user whose password was changed through another process, and after a reconnect those ended meanwhile', async () => {
    const b = await start();
    const tenant = randomUUID();
    const [live, meanwhile, other] = [randomUUID(), randomUUID(), randomUUID()];
    await admin.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [tenant, 'Werkstatt']);
    for (const id of [live, meanwhile, other]) {
      await admin.query(`INSERT INTO users (id, tenant_id, email, name, password_hash) VALUES ($1, $2, $3, 'N', 'h')`, [id, tenant, `${id}@example.test`]);
    }
    const closed: string[] = [];
    const streams = await openStreamsOn(b.database);
    const open = (userId: string, name: string) => {
      const registration = streams.add({ id: randomUUID(), userId, sessionGeneration: 0 }, {
        close: (reason) => {
          closed.push(`${name}:${reason}`);
          registration.dispose();
        },
      });
    };
    open(live, 'live');
    open(meanwhile, 'meanwhile');
    open(other, 'other');
    endRevokedStreams({ notifications: b.notifications, streams, revokedTokens: new RevokedTokens(b.database), users: new UserRepository(b.database), onError: (error) => closed.push(`error ${String(error)}`) });

    // Changed through another process's pool.
    const elsewhere = new UserRepository(admin);
    const changedAt = Date.now();
    await elsewhere.changePassword(live, 'new-hash', new Date());
    await until(() => closed.includes('live:revoked'), 'the stream of the user to end', 1000);
    expect(Date.now() - changedAt).toBeLessThan(1000);

    await admin.query('SELECT pg_terminate_backend($1)', [b.notifications.backendPid as number]);
    await until(() => !b.notifications.isListening, 'the connection to be lost');
    await elsewhere.changePassword(meanwhile, 'new-hash', new Date());
    await until(() => closed.includes('meanwhile:revoked'), 'the stream of the user changed while not listening to end');
    expect(closed).toEqual(['live:revoked', 'meanwhile:revoked']);
    expect(streams.userIds()).toEqual([other]);
  });
});
