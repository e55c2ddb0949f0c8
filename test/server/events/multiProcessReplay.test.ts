import pg from 'pg';
import type { Order, OrderPage } from '../../../shared/Order';
import { type BackendProcess, BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { EventStreamClient } from '../support/eventStream';
import { seededRange, withRange } from '../support/orderRange';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratchDatabase';
import { BRITISH_EMAIL, DEMO_PASSWORD, GERMAN_EMAIL } from '../support/testServer';

jest.setTimeout(90_000);

/** Streams of each tenant on the process that dies (ten per token). */
const STREAMS = 30;

async function api(backend: BackendProcess, path: string, init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${backend.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function login(backend: BackendProcess, email: string): Promise<string> {
  const response = await api(backend, '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

/**
 * The clients of a process killed with SIGKILL come back all at once on the processes left, as behind
 * a load balancer, while changes go on through them: each resumes with its `Last-Event-ID` and gets
 * every event of its tenant once, in order, without a reset, from what those processes heard of the
 * others (LISTEN/NOTIFY) and kept, or read from the table once for all of them.
 */
describe('clients of a killed process resuming together on the others', () => {
  let scratch: ScratchDatabase;
  let backends: BackendProcesses;
  let admin: pg.Client;
  const clients: EventStreamClient[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('replay_multi');
    backends = await BackendProcesses.start(3, { databaseUrl: scratch.url, seedOrders: 20 });
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  }, 3 * PROCESS_START_TIMEOUT_MS);

  afterAll(async () => {
    for (const client of clients.splice(0)) client.abort();
    await admin?.end();
    await backends?.stopAll();
    await scratch?.drop();
  });

  async function lastEventIdOf(email: string): Promise<number> {
    const { rows } = await admin.query<{ last_id: string }>(
      'SELECT c.last_id FROM tenant_event_counters c JOIN users u ON u.tenant_id = c.tenant_id WHERE u.email = $1',
      [email],
    );
    return Number(rows[0]?.last_id ?? 0);
  }

  it(`${STREAMS} streams of each tenant get every event once and in order after their process died`, async () => {
    const [b, c, victim] = [backends.at(0), backends.at(1), backends.at(2)];
    const emails = [GERMAN_EMAIL, BRITISH_EMAIL];
    const tokens = new Map<string, string[]>();
    const orders = new Map<string, Order[]>();
    const starts = new Map<string, number>();
    for (const email of emails) {
      tokens.set(email, await Promise.all(range(1, STREAMS / 10).map(() => login(b, email))));
      const page = await api(b, withRange('/api/orders?limit=8', seededRange()), { token: tokens.get(email)?.[0] });
      orders.set(email, ((await page.json()) as OrderPage).items);
      starts.set(email, await lastEventIdOf(email));
    }

    // Every stream reads on the victim, and when it is gone, on B or C (alternately), from where it got.
    const onVictim = await Promise.all(
      emails.flatMap((email) =>
        range(0, STREAMS - 1).map(async (index) => {
          const token = tokens.get(email)?.[Math.floor(index / 10)] as string;
          const client = await EventStreamClient.open(victim.url, { token, lastEventId: String(starts.get(email)) });
          clients.push(client);
          expect(client.response.status).toBe(200);
          await client.until((stream) => stream.retry !== undefined, 10_000, 'the stream to start');
          return { email, index, token, client };
        }),
      ),
    );
    const readers = onVictim.map(async ({ email, index, token, client: first }) => {
      await first.ended;
      const seen = [...first.events];
      const client = await EventStreamClient.open((index % 2 === 0 ? b : c).url, { token, lastEventId: first.lastEventId ?? String(starts.get(email)) });
      clients.push(client);
      expect(client.response.status).toBe(200);
      return { email, seen, client };
    });

    // Changes of both tenants go on through B and C before, during and after the kill.
    let killed = false;
    let writing = true;
    const writers = emails.flatMap((email) =>
      [0, 1, 2, 3].map(async (lane) => {
        const mine = orders.get(email) as Order[];
        let step = 0;
        while (writing) {
          const slot = lane * 2 + (step % 2);
          const order = mine[slot] as Order;
          const via = (step + lane) % 2 === 0 ? b : c;
          const response = await api(via, `/api/orders/${order.id}`, {
            method: 'PATCH',
            token: tokens.get(email)?.[0],
            body: { notes: `lane ${lane} step ${step}` },
            headers: { 'if-match': `"${order.version}"` },
          });
          expect(response.status).toBe(200);
          mine[slot] = (await response.json()) as Order;
          step += 1;
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await victim.kill()).signal).toBe('SIGKILL');
    killed = true;
    // The clients come back at once (the console waits 3–6 s; that changes nothing here).
    const resumed = await Promise.all(readers);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    writing = false;
    await Promise.all(writers);
    expect(killed).toBe(true);

    for (const email of emails) {
      const last = await lastEventIdOf(email);
      const start = starts.get(email) as number;
      expect(last - start).toBeGreaterThan(20);
      const orderIds = new Set((orders.get(email) as Order[]).map((order) => order.id));
      for (const { seen, client } of resumed.filter((reader) => reader.email === email)) {
        await client.until((stream) => Number(stream.lastEventId ?? 0) >= last, 15_000, `the ${email} events up to ${last}`);
        const events = [...seen, ...client.events];
        expect(events.filter((event) => event.event === 'reset')).toEqual([]);
        expect(events.map((event) => Number(event.id))).toEqual(range(start + 1, last));
        for (const event of events) expect(orderIds.has((JSON.parse(event.data) as Order).id)).toBe(true);
      }
    }
  });
});
