import { DEFAULT_MAX_STREAMS_PER_TOKEN } from '../../../server/events/StreamPlaces';
import type { RunningServer } from '../../../server/startServer';
import { EventStreamClient } from '../support/eventStream';
import { GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { eventually } from '../../support/eventually';

const PING_MS = 100;

/** Resolves when `condition` holds, polling; fails after `timeoutMs`. */
const within = (condition: () => boolean, what: string, timeoutMs = 10_000) => eventually(condition, { what, timeoutMs, intervalMs: 20 });

/** Waits until each of `clients` has received another ping: they are open and written to. */
async function allPingAgain(clients: EventStreamClient[]): Promise<void> {
  const before = clients.map((client) => client.comments.length);
  await Promise.all(clients.map((client, index) => client.until((c) => c.comments.length > (before[index] ?? 0), 5000, 'another ping')));
}

describe('GET /api/events: streams per token', () => {
  let server: RunningServer;
  const open: EventStreamClient[] = [];

  const stream = async (token: string): Promise<EventStreamClient> => {
    const client = await EventStreamClient.open(server, { token });
    open.push(client);
    expect(client.response.status).toBe(200);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 0, events: { pingIntervalMs: PING_MS } });
  }, STARTUP_TIMEOUT_MS);

  afterEach(() => {
    for (const client of open.splice(0)) client.abort();
  });

  afterAll(() => server?.close());

  it('keeps 10 per token: an 11th ends the oldest, while the others and the streams of other tokens stay open', async () => {
    expect(DEFAULT_MAX_STREAMS_PER_TOKEN).toBe(10);
    const { token } = await login(server, GERMAN_EMAIL);
    const other = await stream((await login(server, GERMAN_EMAIL)).token);
    const streams: EventStreamClient[] = [];
    for (let index = 0; index < 10; index++) {
      const client = await stream(token);
      await client.until((c) => c.retry !== undefined, 5000, 'the retry line');
      streams.push(client);
    }
    await allPingAgain([other, ...streams]);
    expect(streams.some((client) => client.isFinished)).toBe(false);

    // The tab was reloaded: its old connection may linger, the new one is the one that matters.
    const newest = await stream(token);
    await expect(streams[0]?.ended).resolves.toBe(true);
    await allPingAgain([other, ...streams.slice(1), newest]);
    expect([other, ...streams.slice(1), newest].some((client) => client.isFinished)).toBe(false);
  });

  it('answers a stream displaced while it was starting with its retry line only, and ends it', async () => {
    const { token } = await login(server, GERMAN_EMAIL);
    // Where the tenant's events stand is read once a stream is registered: counting those reads
    // shows when every stream is; holding the reads keeps them all from starting meanwhile.
    const database = server.database;
    const read = database.query.bind(database);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let positionReads = 0;
    const query = jest.spyOn(database, 'query').mockImplementation(async (sql, params) => {
      if (sql.includes('FROM tenant_event_counters WHERE tenant_id')) {
        positionReads += 1;
        await gate;
      }
      return read(sql, params);
    });
    try {
      const opening = Array.from({ length: 11 }, () => EventStreamClient.open(server, { token }));
      await within(() => positionReads >= 11, 'registering 11 streams');
      release();
      const streams = await Promise.all(opening);
      open.push(...streams);
      expect(streams.map((client) => client.response.status)).toEqual(Array.from({ length: 11 }, () => 200));
      await within(() => streams.some((client) => client.isFinished), 'ending the displaced stream');
      const [displaced, ...others] = [...streams].sort((a, b) => Number(b.isFinished) - Number(a.isFinished));
      expect(displaced?.text).toBe('retry: 3000\n\n');
      await allPingAgain(others);
      expect(others.some((client) => client.isFinished)).toBe(false);
    } finally {
      release();
      query.mockRestore();
    }
  });

  it('never holds more than 10 of 100 streams opened at once with one token', async () => {
    const { token } = await login(server, GERMAN_EMAIL);
    const streams = await Promise.all(Array.from({ length: 100 }, () => stream(token)));
    await within(() => streams.filter((client) => client.isFinished).length >= 90, 'ending 90 streams');
    const remaining = streams.filter((client) => !client.isFinished);
    expect(remaining).toHaveLength(10);
    await allPingAgain(remaining);
    expect(streams.filter((client) => client.isFinished)).toHaveLength(90);
    // Each ended stream was ended by the server, not dropped, and told the client when to come back.
    for (const client of streams.filter((c) => c.isFinished)) {
      await expect(client.ended).resolves.toBe(true);
      expect(client.retry).toBe(3000);
      expect(client.events).toEqual([]);
    }
  });
});
