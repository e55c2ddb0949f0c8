import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import { EventStreamClient, type ReceivedEvent } from '../support/eventStream';
import { insertOrder, random, tenantOf } from '../support/orderFixtures';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

const CHANGES = 1000;
const WRITERS = 8;
const ORDERS = 40;
const DROPS = 100;

describe('GET /api/events across drops', () => {
  let server: RunningServer;
  let token: string;
  let tenantId: string;

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 20 });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it(`loses nothing and repeats nothing over ${DROPS} random drops while ${CHANGES} changes are made concurrently`, async () => {
    const draw = random(20261121);
    const orders: Order[] = [];
    for (let index = 0; index < ORDERS; index++) {
      const begin = new Date(Date.UTC(2032, 0, 1 + index, 8)).toISOString();
      const end = new Date(Date.UTC(2032, 0, 1 + index, 10)).toISOString();
      const id = await insertOrder(server, tenantId, { begin, end });
      orders.push((await (await call(server, `/api/orders/${id}`, { token })).json()) as Order);
    }

    // The reader: drops its connection after a random moment, resumes with the last complete event's id.
    const seen: ReceivedEvent[] = [];
    let drops = 0;
    let writing = true;
    let dropsWhileWriting = 0;
    let stopReading = false;
    let first = true;
    let current: EventStreamClient | undefined;
    let firstConnected!: () => void;
    const connected = new Promise<void>((resolve) => {
      firstConnected = resolve;
    });
    const [counter] = await server.database.query<{ last_id: number }>('SELECT last_id FROM tenant_event_counters WHERE tenant_id = $1', [
      tenantId,
    ]);
    const reader = (async () => {
      // Where the reader starts (a dropped first connection resumes from there, too).
      let lastEventId = String(counter?.last_id ?? 0);
      while (!stopReading) {
        const client = await EventStreamClient.open(server, { token, lastEventId });
        current = client;
        expect(client.response.status).toBe(200);
        if (first) {
          first = false;
          await client.until((c) => c.retry !== undefined);
          firstConnected();
        }
        let dropped = false;
        const timer =
          drops < DROPS
            ? setTimeout(
                () => {
                  dropped = true;
                  drops += 1;
                  if (writing) dropsWhileWriting += 1;
                  client.abort();
                },
                2 + draw() * 40,
              )
            : undefined;
        const stop = setInterval(() => {
          if (stopReading) client.abort();
        }, 20);
        const cleanEnd = await client.ended;
        clearTimeout(timer);
        clearInterval(stop);
        if (cleanEnd && !dropped && !stopReading) {
          throw new Error('the server ended the stream');
        }
        seen.push(...client.events);
        current = undefined;
        lastEventId = client.lastEventId ?? lastEventId;
      }
    })();
    await connected;

    // The writers: each changes its own orders one after the other, all of them at the same time.
    const written: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        const mine = orders.filter((_, index) => index % WRITERS === writer);
        let turn = 0;
        while (next < CHANGES) {
          next += 1;
          const order = mine[turn % mine.length] as Order;
          turn += 1;
          const response = await call(server, `/api/orders/${order.id}`, {
            method: 'PATCH',
            token,
            body: { notes: `Änderung ${next}` },
            headers: { 'if-match': `"${order.version}"` },
          });
          expect(response.status).toBe(200);
          const changed = (await response.json()) as Order;
          mine[mine.indexOf(order)] = changed;
          written.push(`${changed.id}:${changed.version}`);
        }
      }),
    );
    writing = false;

    const deadline = Date.now() + 20_000;
    while ((drops < DROPS || seen.length + (current?.events.length ?? 0) < CHANGES) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stopReading = true;
    await reader;

    expect(written).toHaveLength(CHANGES);
    expect(drops).toBe(DROPS);
    // Most drops fell while changes were being made (the rest replays what is left).
    expect(dropsWhileWriting).toBeGreaterThan(DROPS / 2);
    expect(seen.filter((event) => event.event !== 'order.updated')).toEqual([]);
    const ids = seen.map((event) => Number(event.id));
    const firstId = Number(counter?.last_id ?? 0) + 1;
    expect(ids).toEqual(Array.from({ length: CHANGES }, (_, index) => firstId + index));
    const versions = seen.map((event) => {
      const order = JSON.parse(event.data) as Order;
      return `${order.id}:${order.version}`;
    });
    expect(versions).toHaveLength(CHANGES);
    expect(new Set(versions).size).toBe(CHANGES);
    expect([...versions].sort()).toEqual([...written].sort());
  }, 90_000);
});
