import pg from 'pg';
import { type BackendProcess, BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { EventStreamClient } from '../support/eventStream';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { DEMO_PASSWORD, GERMAN_EMAIL } from '../support/testServer';
import { eventually } from '../../support/eventually';

/** How long a process's leases hold without renewal here: the longest a killed process's streams still count. */
const LEASE_SECONDS = 3;

jest.setTimeout(60_000);

/**
 * At most 10 event streams per token on three processes together, as on one: a newer stream ends the
 * token's oldest wherever it is open, the streams of a process that was killed stop counting once its
 * lease has run out, and a process that stops gives its places up.
 */
describeOnPostgres('event streams per token across backend processes', () => {
  let scratch: ScratchDatabase;
  let backends: BackendProcesses;
  let admin: pg.Client;
  const clients: EventStreamClient[] = [];

  const open = async (backend: BackendProcess, token: string): Promise<EventStreamClient> => {
    const client = await EventStreamClient.open(backend.url, { token });
    clients.push(client);
    expect(client.response.status).toBe(200);
    await client.until((c) => c.retry !== undefined, 5000, 'the stream to start');
    return client;
  };
  /** Resolves once `client` has ended; fails after a few seconds. */
  const endOf = async (client: EventStreamClient | undefined, what: string): Promise<boolean> => {
    await eventually(() => client?.isFinished, { what, timeoutMs: 5_000, intervalMs: 20 });
    return (client as EventStreamClient).ended;
  };
  const finished = (streams: readonly (EventStreamClient | undefined)[]) => streams.filter((client) => client?.isFinished).length;
  /** The places the database holds for streams of the process `backend`. */
  const placesOf = async (backend: BackendProcess): Promise<number> => {
    const { rows } = await admin.query<{ count: string }>(`SELECT count(*) FROM event_streams WHERE split_part(holder, ':', 2) = $1`, [String(backend.pid)]);
    return Number(rows[0]?.count);
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase('stream_limit');
    backends = await BackendProcesses.start(3, { databaseUrl: scratch.url, env: { LEASE_SECONDS: String(LEASE_SECONDS) } });
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  }, 3 * PROCESS_START_TIMEOUT_MS);

  afterAll(async () => {
    for (const client of clients.splice(0)) client.abort();
    await admin?.end();
    await backends?.stopAll();
    await scratch?.drop();
  });

  it('keeps 10 per token on all processes together: a newer one ends the oldest wherever it is; a killed process\'s streams stop counting once its lease runs out', async () => {
    const [a, b, c] = [backends.at(0), backends.at(1), backends.at(2)];
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: GERMAN_EMAIL, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    // s0 on A, s1 on B, s2 on C, s3 on A, …: A holds 4, B and C 3 each.
    const streams: EventStreamClient[] = [];
    for (let index = 0; index < 10; index++) streams.push(await open([a, b, c][index % 3] as BackendProcess, token));
    expect(finished(streams)).toBe(0);

    // The 11th, on C, ends the oldest, on A; the 12th, on A, the next oldest, on B.
    streams.push(await open(c, token));
    await expect(endOf(streams[0], 'the oldest stream (on A) to end')).resolves.toBe(true);
    streams.push(await open(a, token));
    await expect(endOf(streams[1], 'the next oldest stream (on B) to end')).resolves.toBe(true);
    expect(finished(streams)).toBe(2);
    expect(streams[0]?.retry).toBe(3000);
    expect([await placesOf(a), await placesOf(b), await placesOf(c)]).toEqual([4, 2, 4]);

    // B dies with s4 and s7: they count on until its lease runs out, then no more.
    await b.kill();
    const killedAt = Date.now();
    await eventually(() => finished(streams) === 4, { what: 'the streams of the killed process to drop', timeoutMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + LEASE_SECONDS * 1000 + 300 - Date.now())));
    streams.push(await open(c, token), await open(c, token));
    // Ten open now (s2, s3, s5, s6, s8 … s13): none displaced, and the dead process's places are gone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished(streams)).toBe(4);
    expect(streams[2]?.isFinished).toBe(false);
    expect(await placesOf(b)).toBe(0);
    streams.push(await open(a, token));
    await expect(endOf(streams[2], 'the oldest open stream (on C) to end')).resolves.toBe(true);

    // C stops cleanly: its streams end and its places go with them.
    expect(await placesOf(c)).toBeGreaterThan(0);
    expect(await c.stop()).toEqual({ code: 0, signal: null });
    expect(await placesOf(c)).toBe(0);
    expect(await placesOf(a)).toBe(5);
    const onA = [3, 6, 9, 11, 14].map((index) => streams[index]);
    expect(finished(onA)).toBe(0);
  });
});
