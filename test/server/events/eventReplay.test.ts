import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { keyFromSecret } from '../../../server/auth/signingKey';
import type { Database } from '../../../server/db/Database';
import type { RunningServer } from '../../../server/startServer';
import type { Order, OrderPage } from '../../../shared/Order';
import { EventStreamClient, type ReceivedEvent } from '../support/eventStream';
import { seededRange, withRange } from '../support/orderRange';
import { BRITISH_EMAIL, call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

/** Streams of each tenant that resume at once. */
const STREAMS = 30;
/** A token holds at most 10 streams. */
const STREAMS_PER_TOKEN = 10;
const JWT_SECRET = 'event-replay-test-secret-of-at-least-32-bytes';
/** Numbers the changes: notes never repeat, so that every change is one (an unchanged order makes no event). */
let changes = 0;

/**
 * The database as a second backend sees it, counting the statements that read rows of the event
 * table (what a stream that resumes reads; not where a tenant stands, nor writes).
 */
function countingEventReads(database: Database): { database: Database; reads: () => number } {
  let reads = 0;
  const counted = (sql: string) => {
    if (/\border_events\b/i.test(sql) && /^\s*(SELECT|WITH)\b/i.test(sql) && !/\bmin\(id\)/i.test(sql)) reads += 1;
  };
  return {
    database: {
      query: (sql, params, options) => {
        counted(sql);
        return database.query(sql, params, options);
      },
      exec: (sql) => database.exec(sql),
      transaction: (work) => database.transaction(work),
      close: async () => undefined,
    },
    reads: () => reads,
  };
}

/** The order events of a stream (a reset would be one of its events, and fail the comparisons). */
const versionsOf = (events: readonly ReceivedEvent[]) =>
  events.map((event) => {
    const order = JSON.parse(event.data) as Order;
    return `${event.event} ${order.id}:${order.version}`;
  });

/**
 * Many streams that resume at (nearly) the same point, as the clients of a process that died do on
 * the process they reach next: each gets exactly what it missed, once, in order, without a reset, and
 * the backend reads those events from the table once for all of them (from memory when it kept them).
 */
describe('GET /api/events: streams resuming together', () => {
  let server: RunningServer;
  const backends: FastifyInstance[] = [];
  const streams: EventStreamClient[] = [];
  /** Each tenant's tokens: one for each ten streams. */
  const tokens: Record<string, string[]> = {};
  const orders: Record<string, Order[]> = {};

  /** A second backend on the same database and hub (as another process is), its reads of the event table counted. */
  async function secondBackend(): Promise<{ url: string; reads: () => number }> {
    const counting = countingEventReads(server.database);
    const app = await buildApp({
      database: counting.database,
      jwtKey: keyFromSecret(JWT_SECRET),
      staticDir: '/nonexistent/order-cockpit-dist',
      release: 'test',
      productionHost: 'cockpit.example.com',
      events: { hub: server.events },
    });
    backends.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { url: `http://127.0.0.1:${port}`, reads: counting.reads };
  }

  async function lastIdOf(email: string): Promise<number> {
    const [row] = await server.database.query<{ last_id: number }>(
      'SELECT c.last_id FROM tenant_event_counters c JOIN users u ON u.tenant_id = c.tenant_id WHERE u.email = $1',
      [email],
    );
    return Number(row?.last_id ?? 0);
  }

  /** `count` changes of the tenant's orders, four at a time; answers `<event> <id>:<version>` of each, in the order made. */
  async function change(email: string, count: number): Promise<string[]> {
    const mine = orders[email] as Order[];
    const made: string[] = [];
    let next = 0;
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (let index = lane; next < count; index += 4) {
          next += 1;
          const slot = index % mine.length;
          const order = mine[slot] as Order;
          const response = await call(server, `/api/orders/${order.id}`, {
            method: 'PATCH',
            token: tokens[email]?.[0],
            body: { notes: `Änderung ${(changes += 1)}` },
            headers: { 'if-match': `"${order.version}"` },
          });
          expect(response.status).toBe(200);
          const changed = (await response.json()) as Order;
          mine[slot] = changed;
          made.push(`order.updated ${changed.id}:${changed.version}`);
        }
      }),
    );
    return made;
  }

  /** Streams resuming after `lastEventId`, all at once; answers them once each has `expected` events (or fails). */
  async function resumeAll(url: string, email: string, lastEventIds: readonly number[], expected: (from: number) => number): Promise<EventStreamClient[]> {
    const opened = await Promise.all(
      lastEventIds.map((id, index) => EventStreamClient.open(url, { token: tokens[email]?.[Math.floor(index / STREAMS_PER_TOKEN)], lastEventId: String(id) })),
    );
    streams.push(...opened);
    for (const [index, stream] of opened.entries()) {
      expect(stream.response.status).toBe(200);
      const from = lastEventIds[index] as number;
      await stream.until((client) => client.events.length >= expected(from), 20_000, `${expected(from)} events after ${from}`).catch((error: unknown) => {
        throw new Error(`${String(error).slice(0, 200)} got ${stream.events.length}: ${stream.events.map((e) => e.id).join(',')}`);
      });
    }
    // Anything more (a repeat) would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return opened;
  }

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 20, jwtSecret: JWT_SECRET });
    for (const email of [GERMAN_EMAIL, BRITISH_EMAIL]) {
      tokens[email] = [];
      for (let index = 0; index < STREAMS / STREAMS_PER_TOKEN; index++) tokens[email].push((await login(server, email)).token);
      const page = await call(server, withRange('/api/orders?limit=12', seededRange()), { token: tokens[email][0] });
      orders[email] = ((await page.json()) as OrderPage).items;
    }
  }, STARTUP_TIMEOUT_MS);

  afterEach(() => {
    for (const stream of streams.splice(0)) stream.abort();
  });

  afterAll(async () => {
    for (const stream of streams.splice(0)) stream.abort();
    for (const app of backends) await app.close();
    await server?.close();
  });

  it(`${STREAMS} streams resuming after the same id get what they missed, once and in order, read once for all of them`, async () => {
    const backend = await secondBackend();
    const from = await lastIdOf(GERMAN_EMAIL);
    const made = await change(GERMAN_EMAIL, 120);

    const resumed = await resumeAll(backend.url, GERMAN_EMAIL, Array(STREAMS).fill(from), () => made.length);
    for (const stream of resumed) {
      expect(stream.events.map((event) => Number(event.id))).toEqual(made.map((_, index) => from + 1 + index));
      expect([...versionsOf(stream.events)].sort()).toEqual([...made].sort());
    }
    // Each stream reading on its own would read the table once per stream.
    expect(backend.reads()).toBeLessThanOrEqual(1);
  }, 60_000);

  it('a backend that kept none of them (it started after they were made) reads them from the table once for all', async () => {
    const from = await lastIdOf(GERMAN_EMAIL);
    const made = await change(GERMAN_EMAIL, 120);
    const backend = await secondBackend();

    const resumed = await resumeAll(backend.url, GERMAN_EMAIL, Array(STREAMS).fill(from), () => made.length);
    const first = resumed[0] as EventStreamClient;
    expect(first.events.map((event) => Number(event.id))).toEqual(made.map((_, index) => from + 1 + index));
    expect([...versionsOf(first.events)].sort()).toEqual([...made].sort());
    for (const stream of resumed) expect(stream.events).toEqual(first.events);
    expect(backend.reads()).toBeLessThanOrEqual(1);

    // Live changes follow, once.
    const more = await change(GERMAN_EMAIL, 5);
    for (const stream of resumed) {
      await stream.until((client) => client.events.length >= made.length + more.length, 5000, 'the live changes');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const stream of resumed) {
      expect(stream.events.map((event) => Number(event.id))).toEqual([...made, ...more].map((_, index) => from + 1 + index));
    }
  }, 60_000);

  it('streams of both tenants resuming at different ids at once each get their own tenant\'s events from there, once, in order', async () => {
    const backend = await secondBackend();
    const german = await lastIdOf(GERMAN_EMAIL);
    const british = await lastIdOf(BRITISH_EMAIL);
    const [madeGerman, madeBritish] = await Promise.all([change(GERMAN_EMAIL, 90), change(BRITISH_EMAIL, 60)]);
    // Resumed at the start, a third of the way and two thirds (and the ids of the two tenants overlap).
    const points = (from: number, count: number) => Array.from({ length: STREAMS }, (_, index) => from + Math.floor(((index % 3) * count) / 3));
    const germanPoints = points(german, madeGerman.length);
    const britishPoints = points(british, madeBritish.length);
    const [germanStreams, britishStreams] = await Promise.all([
      resumeAll(backend.url, GERMAN_EMAIL, germanPoints, (from) => german + madeGerman.length - from),
      resumeAll(backend.url, BRITISH_EMAIL, britishPoints, (from) => british + madeBritish.length - from),
    ]);
    for (const [email, streamsOf, resumedAt, last, made] of [
      [GERMAN_EMAIL, germanStreams, germanPoints, german + madeGerman.length, madeGerman],
      [BRITISH_EMAIL, britishStreams, britishPoints, british + madeBritish.length, madeBritish],
    ] as const) {
      const orderIds = new Set((orders[email] as Order[]).map((order) => order.id));
      for (const [index, stream] of streamsOf.entries()) {
        const from = resumedAt[index] as number;
        expect(stream.events.map((event) => Number(event.id))).toEqual(Array.from({ length: last - from }, (_, offset) => from + 1 + offset));
        // The tenant's own changes (its orders), no other's.
        for (const version of versionsOf(stream.events)) {
          expect(made).toContain(version);
          expect(orderIds.has(version.slice('order.updated '.length, version.indexOf(':')))).toBe(true);
        }
      }
    }
    // Three points per tenant: at most one read of each.
    expect(backend.reads()).toBeLessThanOrEqual(6);
  }, 60_000);
});
