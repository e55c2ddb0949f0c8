import pg from 'pg';
import type { Order, OrderPage } from '../../../shared/Order';
import { type BackendProcess, BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { EventStreamClient, type ReceivedEvent } from '../support/eventStream';
import { seededRange, withRange } from '../support/orderRange';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { BRITISH_EMAIL, DEMO_PASSWORD, GERMAN_ADMIN_EMAIL, GERMAN_EMAIL } from '../support/testServer';
import { eventually } from '../../support/eventually';

jest.setTimeout(60_000);

interface Call {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

function api(backend: BackendProcess, path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${backend.url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function login(backend: BackendProcess, email: string): Promise<string> {
  const response = await api(backend, '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function ordersOf(backend: BackendProcess, token: string): Promise<Order[]> {
  const response = await api(backend, withRange('/api/orders?limit=100', seededRange()), { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as OrderPage).items;
}

/** Changes the notes of `order` through `backend` under its version; answers the order as changed. */
async function changeNotes(backend: BackendProcess, token: string, order: Order, notes: string): Promise<Order> {
  const response = await api(backend, `/api/orders/${order.id}`, {
    method: 'PATCH',
    token,
    body: { notes },
    headers: { 'if-match': `"${order.version}"` },
  });
  if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Order;
}

/** The order events a client received (resets aside). */
const orderEvents = (events: readonly ReceivedEvent[]) => events.filter((event) => event.event?.startsWith('order.'));
const ids = (events: readonly ReceivedEvent[]) => orderEvents(events).map((event) => Number(event.id));
const notesOf = (event: ReceivedEvent) => (JSON.parse(event.data) as { notes?: string }).notes;
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

describeOnPostgres('live events across backend processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let backends: BackendProcesses;
  let admin: pg.Client;
  const clients: EventStreamClient[] = [];

  async function open(backend: BackendProcess, token: string, lastEventId?: string): Promise<EventStreamClient> {
    const client = await EventStreamClient.open(backend.url, { token, lastEventId });
    clients.push(client);
    expect(client.response.status).toBe(200);
    await client.until((c) => c.retry !== undefined, 5000, 'the stream to start');
    return client;
  }

  async function lastEventIdOf(email: string): Promise<number> {
    const { rows } = await admin.query<{ last_id: string }>(
      `SELECT c.last_id FROM tenant_event_counters c JOIN users u ON u.tenant_id = c.tenant_id WHERE u.email = $1`,
      [email],
    );
    return Number(rows[0]?.last_id ?? 0);
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('hub_multi');
    backends = await BackendProcesses.start(3, { databaseUrl: scratch.url, seedOrders: 20 });
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  }, 3 * PROCESS_START_TIMEOUT_MS);

  afterEach(() => {
    for (const client of clients.splice(0)) client.abort();
  });

  afterAll(async () => {
    for (const client of clients.splice(0)) client.abort();
    await admin?.end();
    await backends?.stopAll();
    await scratch?.drop();
  });

  it('hands a change made through one process to the streams of its tenant on every process, in order and once', async () => {
    const [a, b, c] = [backends.at(0), backends.at(1), backends.at(2)];
    const token = await login(a, GERMAN_EMAIL);
    const british = await login(b, BRITISH_EMAIL);
    const start = await lastEventIdOf(GERMAN_EMAIL);
    const streams = [await open(a, token), await open(b, token), await open(c, token)];
    const otherTenant = await open(b, british);

    const orders = (await ordersOf(a, token)).slice(0, 3);
    // Changes through A and C, one after the other and some at once.
    for (let round = 0; round < 4; round++) {
      await Promise.all(orders.map(async (order, index) => {
        const via = (round + index) % 2 === 0 ? a : c;
        orders[index] = await changeNotes(via, token, order, `round ${round} order ${index}`);
      }));
    }
    const expected = range(start + 1, start + 12);
    for (const stream of streams) {
      await stream.until((client) => ids(client.events).length >= 12, 5000, '12 events');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const stream of streams) {
      expect(ids(stream.events)).toEqual(expected);
    }
    // Every process sends the same events: the same ids with the same data.
    expect(orderEvents(streams[1]?.events ?? [])).toEqual(orderEvents(streams[0]?.events ?? []));
    expect(orderEvents(streams[2]?.events ?? [])).toEqual(orderEvents(streams[0]?.events ?? []));
    expect(notesOf(orderEvents(streams[1]?.events ?? [])[11] as ReceivedEvent)).toMatch(/^round 3 order \d$/);
    expect(orderEvents(otherTenant.events)).toEqual([]);
  });

  it('resumes a stream dropped on one process on another with Last-Event-ID: exactly the missed events, then the live ones', async () => {
    const [a, b, c] = [backends.at(0), backends.at(1), backends.at(2)];
    const token = await login(a, GERMAN_EMAIL);
    const orders = (await ordersOf(b, token)).slice(3, 5);
    const first = await open(a, token);
    orders[0] = await changeNotes(c, token, orders[0] as Order, 'before the drop');
    await first.until((client) => ids(client.events).length >= 1, 5000, 'the first event');
    const lastSeen = first.lastEventId as string;
    first.abort();

    // Missed: made through every process while the client is away.
    const missedNotes: string[] = [];
    for (const [index, via] of [a, b, c, a, c].entries()) {
      const notes = `missed ${index}`;
      orders[1] = await changeNotes(via, token, orders[1] as Order, notes);
      missedNotes.push(notes);
    }
    const resumed = await open(b, token, lastSeen);
    await resumed.until((client) => ids(client.events).length >= 5, 5000, 'the missed events');
    orders[0] = await changeNotes(a, token, orders[0] as Order, 'after the resume');
    await resumed.until((client) => ids(client.events).length >= 6, 5000, 'the live event');
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(ids(resumed.events)).toEqual(range(Number(lastSeen) + 1, Number(lastSeen) + 6));
    expect(orderEvents(resumed.events).map(notesOf)).toEqual([...missedNotes, 'after the resume']);
    expect(resumed.events.some((event) => event.event === 'reset')).toBe(false);
  });

  it('ends the streams of a token signed out on another process within a second', async () => {
    const [a, b, c] = [backends.at(0), backends.at(1), backends.at(2)];
    const leaving = await login(a, GERMAN_EMAIL);
    const staying = await login(a, GERMAN_EMAIL);
    const onB = await open(b, leaving);
    const onC = await open(c, leaving);
    const other = await open(b, staying);

    const started = Date.now();
    expect((await api(a, '/api/auth/logout', { method: 'POST', token: leaving })).status).toBe(204);
    await Promise.all([onB.ended, onC.ended]);
    expect(Date.now() - started).toBeLessThan(1000);

    expect(onB.isFinished && onC.isFinished).toBe(true);
    expect(other.isFinished).toBe(false);
    expect((await api(b, '/api/me', { token: leaving })).status).toBe(401);
    expect((await EventStreamClient.open(c.url, { token: leaving })).response.status).toBe(401);
  });

  it('ends the streams of a user deactivated on another process within a second, on every process', async () => {
    const [a, b, c] = [backends.at(0), backends.at(1), backends.at(2)];
    const adminToken = await login(a, GERMAN_ADMIN_EMAIL);
    const created = await api(a, '/api/users', { token: adminToken, body: { name: 'Lea Vogt', email: 'lea.vogt@autohaus-nord.example', role: 'operator' } });
    expect(created.status).toBe(201);
    const { user, oneTimePassword } = (await created.json()) as { user: { id: string }; oneTimePassword: string };
    const signedIn = await api(b, '/api/auth/login', { body: { email: 'lea.vogt@autohaus-nord.example', password: oneTimePassword, newPassword: 'lea vogt werkstatt' } });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const onB = await open(b, token);
    const onC = await open(c, token);
    const other = await open(c, await login(c, GERMAN_EMAIL));

    const started = Date.now();
    expect((await api(a, `/api/users/${user.id}`, { method: 'PATCH', token: adminToken, body: { active: false } })).status).toBe(200);
    await Promise.all([onB.ended, onC.ended]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(other.isFinished).toBe(false);
    expect((await api(c, '/api/me', { token })).status).toBe(401);
  });

  it('delivers what was committed while the listening connections were cut, once, after they reconnect', async () => {
    const [a, b, c] = [backends.at(0), backends.at(1), backends.at(2)];
    const token = await login(a, GERMAN_EMAIL);
    const start = await lastEventIdOf(GERMAN_EMAIL);
    const streams = [await open(a, token), await open(b, token), await open(c, token)];
    let [order] = (await ordersOf(a, token)).slice(6, 7);

    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'order-cockpit events'`,
        )
      ).rows.map((row) => row.pid);
    const before = await listeners();
    expect(before).toHaveLength(3);
    // The server ends every process's listening connection; changes follow at once, before they are back.
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    for (let index = 0; index < 5; index++) {
      order = await changeNotes(a, token, order as Order, `while cut ${index}`);
    }
    for (const stream of streams) {
      await stream.until((client) => ids(client.events).length >= 5, 10_000, 'the events committed while cut');
    }
    // The streams of A had them without its listener (A committed them): its listener may still be on its way back.
    await eventually(listeners, {
      until: (after) => after.length === 3 && after.every((pid) => !before.includes(pid)),
      timeoutMs: 10_000,
      what: 'three new listening connections',
    });
    order = await changeNotes(c, token, order as Order, 'after the reconnect');
    for (const stream of streams) {
      await stream.until((client) => ids(client.events).length >= 6, 5000, 'the event after the reconnect');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const stream of streams) {
      expect(ids(stream.events)).toEqual(range(start + 1, start + 6));
    }
    expect(orderEvents(streams[1]?.events ?? []).map(notesOf)).toEqual([0, 1, 2, 3, 4].map((index) => `while cut ${index}`).concat('after the reconnect'));
  });

  it('loses no acknowledged change when a process is killed (SIGKILL), and its clients resume on another', async () => {
    const [a, b, victim] = [backends.at(0), backends.at(1), backends.at(2)];
    const token = await login(a, GERMAN_EMAIL);
    const start = await lastEventIdOf(GERMAN_EMAIL);
    const orders = (await ordersOf(a, token)).slice(8, 12);

    // Clients on the process that will die; they come back on A (as behind a load balancer) and read on.
    const received: ReceivedEvent[][] = [];
    const readers = [0, 1, 2].map(async (index) => {
      const seen: ReceivedEvent[] = [];
      received[index] = seen;
      let on = victim;
      let lastEventId: string | undefined = String(start);
      for (;;) {
        const client: EventStreamClient | undefined = await EventStreamClient.open(on.url, { token, lastEventId }).catch(() => undefined);
        if (client) {
          clients.push(client);
          await client.ended;
          seen.push(...client.events.slice(0));
          lastEventId = client.lastEventId ?? lastEventId;
          if (on !== victim) return;
        }
        on = a;
      }
    });

    // Writers send through the victim until it is gone, then through B; each counts what was acknowledged.
    const acknowledged: string[] = [];
    let killed = false;
    const writers = orders.map(async (initial, writer) => {
      let order = initial;
      for (let step = 0; step < 30; step++) {
        const notes = `writer ${writer} step ${step}`;
        const via = killed ? b : victim;
        try {
          order = await changeNotes(via, token, order, notes);
          acknowledged.push(notes);
        } catch {
          // No answer (the process died): the change may or may not have committed; read where the order
          // stands, and send the next ones elsewhere, as a load balancer would.
          killed = true;
          const current = await api(b, `/api/orders/${order.id}`, { token });
          order = (await current.json()) as Order;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const exit = await victim.kill();
    killed = true;
    expect(exit.signal).toBe('SIGKILL');
    await Promise.all(writers);
    const last = await lastEventIdOf(GERMAN_EMAIL);
    expect(last - start).toBeGreaterThanOrEqual(acknowledged.length);
    expect(acknowledged.length).toBeGreaterThan(40);

    // The resumed clients (now on A) get up to the last event, then they are ended by hand.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const live = clients.filter((client) => !client.isFinished);
      if (live.length >= 3 && live.every((client) => Number(client.lastEventId ?? 0) >= last)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const client of clients) client.abort();
    await Promise.all(readers);

    for (const seen of received) {
      expect(ids(seen)).toEqual(range(start + 1, last));
      const notes = new Set(orderEvents(seen).map(notesOf));
      expect(acknowledged.filter((change) => !notes.has(change))).toEqual([]);
    }
    // What the table holds agrees: every acknowledged change is stored as an event.
    const { rows } = await admin.query<{ notes: string }>(
      `SELECT data::json->>'notes' AS notes FROM order_events e JOIN users u ON u.tenant_id = e.tenant_id
        WHERE u.email = $1 AND e.id > $2`,
      [GERMAN_EMAIL, start],
    );
    const stored = new Set(rows.map((row) => row.notes));
    expect(acknowledged.filter((change) => !stored.has(change))).toEqual([]);
  });
});
