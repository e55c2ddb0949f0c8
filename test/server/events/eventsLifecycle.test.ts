import { connect, type Socket } from 'node:net';
import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import { EventStreamClient } from '../support/eventStream';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';
import { eventually } from '../../support/eventually';

const PING_MS = 100;
const STALL_MS = 300;
const TOKEN_TTL_SECONDS = 2;
const RETENTION = { minEvents: 3, minAgeMs: 60_000 };

/** Resolves when `condition` holds, polling; fails after `timeoutMs`. */
const within = (condition: () => Promise<boolean>, timeoutMs: number, what: string) => eventually(condition, { what, timeoutMs, intervalMs: 20 });

describe('GET /api/events over time', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let tenantId: string;
  const open: EventStreamClient[] = [];

  const stream = async (token: string, lastEventId?: string): Promise<EventStreamClient> => {
    const client = await EventStreamClient.open(server, { token, lastEventId });
    open.push(client);
    expect(client.response.status).toBe(200);
    await client.until((c) => c.retry !== undefined, 5000, 'the retry line');
    return client;
  };
  const lastId = async (tenant = tenantId): Promise<number> => {
    const [row] = await server.database.query<{ last_id: number }>('SELECT last_id FROM tenant_event_counters WHERE tenant_id = $1', [tenant]);
    return Number(row?.last_id ?? 0);
  };
  const oldestId = async (): Promise<number> => {
    const [row] = await server.database.query<{ oldest: number }>('SELECT min(id) AS oldest FROM order_events WHERE tenant_id = $1', [tenantId]);
    return Number(row?.oldest ?? 0);
  };
  /** Makes `count` changes of one fresh order of the German tenant through the API. */
  const changes = async (token: string, count: number): Promise<void> => {
    const id = await insertOrder(server, tenantId, { begin: '2031-05-04T08:00:00.000Z', end: '2031-05-04T09:00:00.000Z' });
    let order = (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;
    for (let step = 0; step < count; step++) {
      const response = await call(server, `/api/orders/${id}`, {
        method: 'PATCH',
        token,
        body: { notes: `Schritt ${step}` },
        headers: { 'if-match': `"${order.version}"` },
      });
      expect(response.status).toBe(200);
      order = (await response.json()) as Order;
    }
  };

  beforeAll(async () => {
    server = await startTestServer({
      clock: clock.now,
      seedOrders: 20,
      tokenTtlSeconds: TOKEN_TTL_SECONDS,
      events: { pingIntervalMs: PING_MS, stallTimeoutMs: STALL_MS, pruneIntervalMs: 50, retention: RETENTION },
    });
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterEach(() => {
    for (const client of open.splice(0)) client.abort();
  });

  afterAll(() => server?.close());

  it('sends a ping comment at every interval', async () => {
    const client = await stream((await login(server, GERMAN_EMAIL)).token);
    const started = Date.now();
    await client.until((c) => c.comments.length >= 3, 2000, 'three pings');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2 * PING_MS);
    expect(client.comments.slice(0, 3)).toEqual(['ping', 'ping', 'ping']);
    expect(client.text).toContain('\n\n: ping\n\n');
    expect(client.events).toEqual([]);
  });

  it('cuts off a client that stops reading; it can resume from where it got', async () => {
    const { token } = await login(server, BRITISH_EMAIL);
    const british = await tenantOf(server, BRITISH_EMAIL);
    await server.database.query('INSERT INTO tenant_event_counters (tenant_id, last_id) VALUES ($1, 0) ON CONFLICT DO NOTHING', [british]);
    const from = await lastId(british);
    // 12 MB of events: more than the socket buffers on both ends hold.
    const count = 3000;
    await server.database.query(
      `INSERT INTO order_events (tenant_id, id, type, data, created_at)
       SELECT $1, $2::bigint + g, 'order.updated', '{"id":"' || g || '","pad":"' || repeat('x', 4000) || '"}', now()
         FROM generate_series(1, $3::int) AS g`,
      [british, from, count],
    );
    await server.database.query('UPDATE tenant_event_counters SET last_id = $2 WHERE tenant_id = $1', [british, from + count]);

    // The server's end of the connection, to see when the server gives up on it.
    const serverSide = new Promise<Socket>((resolve) => server.app.server.once('connection', resolve));
    const socket: Socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.pause();
    socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nLast-Event-ID: ${from}\r\n\r\n`);
    // The client reads nothing, until the server has cut it off.
    const cutOff = await serverSide;
    await within(async () => cutOff.destroyed, 15_000, 'cutting off the stalled client');
    let received = '';
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.resume();
    await closed;
    // The complete events only: the last one may have been cut off.
    const ids = [...received.matchAll(/id: (\d+)\nevent: order\.updated\ndata: \{[^\n]*\}\n\n/g)].map((match) => Number(match[1]));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(count);
    expect(ids[0]).toBe(from + 1);

    // Resuming after the last complete event delivers the rest, each event once and in order. A
    // resumed client that falls behind by the stall time (a busy test machine) is cut off too, and
    // resumes again, as a browser would.
    let last = ids[ids.length - 1] ?? from;
    for (let attempt = 1; last < from + count; attempt++) {
      if (attempt > 8) throw new Error(`the rest of the events did not arrive in 8 resumes; the last was ${last}`);
      const resumed = await stream(token, String(last));
      await resumed.until((c) => c.lastEventId === String(from + count) || c.isFinished, 20_000, 'the rest of the events');
      const resumedIds = resumed.events.map((event) => Number(event.id));
      expect(resumedIds).toEqual(Array.from({ length: resumedIds.length }, (_, index) => last + 1 + index));
      last = resumedIds[resumedIds.length - 1] ?? last;
    }
  }, 60_000);

  it('prunes events both older than the retention age and beyond the newest kept; a client behind that gets reset', async () => {
    let { token } = await login(server, GERMAN_EMAIL);
    await changes(token, 6);
    const last = await lastId();
    // Young events are kept, however many.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await oldestId()).toBe(1);

    clock.advance(RETENTION.minAgeMs + 1);
    await within(async () => (await oldestId()) === last - RETENTION.minEvents + 1, 3000, 'pruning');
    ({ token } = await login(server, GERMAN_EMAIL));

    const justKept = await stream(token, String(last - RETENTION.minEvents));
    await justKept.untilEvents(RETENTION.minEvents);
    expect(justKept.events.map((event) => [event.event, Number(event.id)])).toEqual(
      Array.from({ length: RETENTION.minEvents }, (_, index) => ['order.updated', last - RETENTION.minEvents + 1 + index]),
    );
    const tooOld = await stream(token, String(last - RETENTION.minEvents - 1));
    await tooOld.untilEvents(1);
    expect(tooOld.events[0]).toEqual({ id: String(last), event: 'reset', data: '{}' });

    // After the reset the client is live, and its id resumes without another reset.
    await changes(token, 1);
    await tooOld.untilEvents(2);
    expect(tooOld.events[1]?.id).toBe(String(last + 1));
  });

  it('ends the stream when its token expires', async () => {
    const { token } = await login(server, GERMAN_EMAIL);
    const client = await stream(token);
    const started = Date.now();
    clock.advance(TOKEN_TTL_SECONDS * 1000);
    await expect(client.ended).resolves.toBe(true);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(TOKEN_TTL_SECONDS * 1000 - 500);
    expect(elapsed).toBeLessThan(TOKEN_TTL_SECONDS * 1000 + 1500);
    await expectProblem(await call(server, '/api/events', { token }), 401);
  });

  it('ends open streams and connections that never sent a request when the server closes, at once', async () => {
    const client = await stream((await login(server, GERMAN_EMAIL)).token);
    const idle = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    idle.on('error', () => undefined);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(client.ended).resolves.toBe(true);
    await idleClosed;
  });
});
