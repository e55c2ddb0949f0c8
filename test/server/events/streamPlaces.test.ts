import { randomUUID } from 'node:crypto';
import { Lease } from '../../../server/cluster/Lease';
import type { Database } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { DEFAULT_MAX_STREAMS_PER_TOKEN, StreamPlaces, streamPlacesLease, sweepStreamPlaces } from '../../../server/events/StreamPlaces';
import { describeOnPostgres } from '../support/scratchDatabase';
import { openTestDatabase } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';
import { eventually } from '../../support/eventually';

/**
 * The places of event streams in the database (`event_streams`, migration 018), as several processes
 * take them: each `StreamPlaces` below stands for one process (its holder), on the engine of the run.
 */
describe('the places of event streams among their token\'s streams, on every process together', () => {
  let database: Database;

  /** A process whose places count for `ttlMs` from now (its lease), unless it renews. */
  const newProcess = async (ttlMs = 60_000): Promise<StreamPlaces> => {
    const holder = `host:${randomUUID().slice(0, 8)}`;
    expect(await new Lease(database, streamPlacesLease(holder), holder, ttlMs).take()).toBe(true);
    return new StreamPlaces(database, holder);
  };
  /** The streams of `tokenId` that have a place, oldest first. */
  const placesOf = async (tokenId: string): Promise<string[]> =>
    (await database.query<{ id: string }>('SELECT id FROM event_streams WHERE token_id = $1 ORDER BY opened', [tokenId])).map((row) => row.id);

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => database?.close());

  it('keeps the newest 10 of a token: a newer one displaces the oldest, answered with the process it is open on', async () => {
    expect(DEFAULT_MAX_STREAMS_PER_TOKEN).toBe(10);
    const [a, b] = [await newProcess(), await newProcess()];
    const [token, other] = [randomUUID(), randomUUID()];
    const streams = Array.from({ length: 12 }, () => randomUUID());
    for (const [index, id] of streams.slice(0, 10).entries()) {
      expect(await (index % 2 === 0 ? a : b).take(id, token)).toEqual([]);
    }
    const otherStream = randomUUID();
    expect(await a.take(otherStream, other)).toEqual([]);

    expect(await b.take(streams[10] as string, token)).toEqual([{ id: streams[0], holder: a.holder }]);
    expect(await b.take(streams[11] as string, token)).toEqual([{ id: streams[1], holder: b.holder }]);
    expect(await placesOf(token)).toEqual(streams.slice(2));
    expect(await placesOf(other)).toEqual([otherStream]);

    // An ended stream gives its place up: the next one displaces nothing.
    await a.release(streams[2] as string);
    expect(await a.take(randomUUID(), token)).toEqual([]);
    expect(await placesOf(token)).toHaveLength(10);
  });

  it('counts openings at once on several processes one after the other: of 100, the newest 10 keep their place', async () => {
    const holders = [await newProcess(), await newProcess(), await newProcess()];
    const token = randomUUID();
    const streams = Array.from({ length: 100 }, () => randomUUID());
    const answers = await Promise.all(streams.map((id, index) => (holders[index % 3] as StreamPlaces).take(id, token)));
    const displaced = answers.flat().map((stream) => stream.id);
    const kept = await placesOf(token);
    expect(kept).toHaveLength(10);
    // Each of the other 90 displaced once, by a newer one; none that kept its place.
    expect(new Set(displaced).size).toBe(90);
    expect(displaced).toHaveLength(90);
    expect([...displaced, ...kept].sort()).toEqual([...streams].sort());
  });

  it('stops counting the places of a process whose lease ran out: the next opening of their token deletes them', async () => {
    const [live, dying] = [await newProcess(), await newProcess(700)];
    const token = randomUUID();
    const ofDying = Array.from({ length: 5 }, () => randomUUID());
    const ofLive = Array.from({ length: 5 }, () => randomUUID());
    for (const id of ofDying) await dying.take(id, token);
    for (const id of ofLive) await live.take(id, token);
    // While the lease holds, they count: an 11th displaces the oldest, the dying process's.
    const eleventh = randomUUID();
    expect(await live.take(eleventh, token)).toEqual([{ id: ofDying[0], holder: dying.holder }]);

    await eventually(async () => (await Lease.holderOf(database, streamPlacesLease(dying.holder))) === undefined, {
      what: 'the dying process\'s lease to run out',
      timeoutMs: 5_000,
    });
    const later = Array.from({ length: 4 }, () => randomUUID());
    for (const id of later) expect(await live.take(id, token)).toEqual([]);
    expect(await placesOf(token)).toEqual([...ofLive, eleventh, ...later]);
    // Ten of the live process's now: the next one displaces its oldest.
    expect(await live.take(randomUUID(), token)).toEqual([{ id: ofLive[0], holder: live.holder }]);
  });

  it('gives every place of a process up at once, and tells which of its streams still have one', async () => {
    const [a, b] = [await newProcess(), await newProcess()];
    const token = randomUUID();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await a.take(first, token);
    await a.take(second, token);
    await b.take(third, token);
    expect(await a.heldAmong([first, second, randomUUID()])).toEqual(new Set([first, second]));
    await a.releaseAll();
    expect(await a.heldAmong([first, second])).toEqual(new Set());
    expect(await placesOf(token)).toEqual([third]);
  });

  it('sweeps the places and leases of processes whose lease ran out, and nothing of those that live (housekeeping)', async () => {
    const [live, dead] = [await newProcess(), await newProcess(300)];
    const token = randomUUID();
    const [kept, left] = [randomUUID(), randomUUID()];
    await live.take(kept, token);
    await dead.take(left, token);
    await eventually(async () => (await Lease.holderOf(database, streamPlacesLease(dead.holder))) === undefined, {
      what: 'the dead process\'s lease to run out',
      timeoutMs: 5_000,
    });
    expect(await sweepStreamPlaces(database)).toBeGreaterThanOrEqual(1);
    expect(await placesOf(token)).toEqual([kept]);
    const leases = await database.query<{ name: string }>('SELECT name FROM leases WHERE name = ANY ($1::text[])', [
      [streamPlacesLease(live.holder), streamPlacesLease(dead.holder)],
    ]);
    expect(leases.map((row) => row.name)).toEqual([streamPlacesLease(live.holder)]);
  });
});

describeOnPostgres('the places of event streams opened at once on several connections', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => database?.close());

  it('counts an opening after another of its token that has not committed yet: it waits, then displaces the oldest', async () => {
    const holders = ['host:a', 'host:b'];
    for (const holder of holders) await new Lease(database, streamPlacesLease(holder), holder, 60_000).take();
    const [a, b] = holders.map((holder) => new StreamPlaces(database, holder)) as [StreamPlaces, StreamPlaces];
    const token = randomUUID();
    const first = randomUUID();
    await a.take(first, token);
    for (let index = 0; index < 8; index++) await a.take(randomUUID(), token);

    // The tenth, in a transaction held open after its opening.
    let commit = () => {};
    let taken = () => {};
    const opened = new Promise<void>((resolve) => (taken = resolve));
    const tenth = database.transaction(async (tx) => {
      await new StreamPlaces(tx, a.holder).take(randomUUID(), token);
      taken();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await opened;
    let answered = false;
    const eleventh = b.take(randomUUID(), token).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    commit();
    await tenth;
    expect(await eleventh).toEqual([{ id: first, holder: a.holder }]);
    const [row] = await database.query<{ count: number }>('SELECT count(*) AS count FROM event_streams WHERE token_id = $1', [token]);
    expect(Number(row?.count)).toBe(10);
  });
});
