import { randomUUID } from 'node:crypto';
import { Lease } from '../../../server/cluster/Lease';
import { LeasedTask } from '../../../server/cluster/LeasedTask';
import type { Database } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { OpenStreams, type StreamEnd, type StreamRegistration } from '../../../server/events/OpenStreams';
import { StreamPlaces, streamPlacesLease } from '../../../server/events/StreamPlaces';
import { openTestDatabase } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';
import { eventually } from '../../support/eventually';

/** A stream as the registry sees it: it records how it ended and leaves the registry then, as a LiveStream does. */
class Stream {
  ended: StreamEnd | undefined;
  registration: StreamRegistration | undefined;

  readonly close = (reason: StreamEnd): void => {
    if (this.ended) return;
    this.ended = reason;
    this.registration?.dispose();
  };
}

/** The registry of one process's open streams (in the database: the places of `holder`). */
describe('the open event streams of a process', () => {
  let database: Database;
  const running: LeasedTask[] = [];
  const errors: unknown[] = [];

  const placesOf = async (holder: string): Promise<number> =>
    Number((await database.query<{ count: number }>('SELECT count(*) AS count FROM event_streams WHERE holder = $1', [holder]))[0]?.count);

  /** Opens a stream of `tokenId` and waits until it has its place (or was refused one). */
  const open = async (streams: OpenStreams, tokenId: string): Promise<Stream> => {
    const stream = new Stream();
    stream.registration = streams.add({ id: tokenId, userId: randomUUID(), sessionGeneration: 0 }, stream);
    await stream.registration.placed;
    return stream;
  };

  /** A process's registry under its lease, as the app holds it (renewed every `renewMs`). */
  const admitted = async (lease: (holder: string) => Lease, renewMs = 100) => {
    const holder = `host:${randomUUID().slice(0, 8)}`;
    const streams = new OpenStreams(new StreamPlaces(database, holder), (error) => errors.push(error));
    const task = new LeasedTask({ lease: lease(holder), renewMs, start: () => streams.admit(), onError: (error) => errors.push(error) });
    running.push(task);
    await task.start();
    return { holder, streams, task };
  };
  const leaseOf = (holder: string, ttlMs = 600) => new Lease(database, streamPlacesLease(holder), holder, ttlMs);

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database);
  }, STARTUP_TIMEOUT_MS);

  afterEach(async () => {
    await Promise.all(running.splice(0).map((task) => task.stop()));
    errors.length = 0;
  });

  afterAll(() => database?.close());

  it('ends the streams of this process that a newer one displaces, at once, and gives the place of an ended stream up', async () => {
    const { holder, streams } = await admitted((name) => leaseOf(name));
    const token = randomUUID();
    const opened = [];
    for (let index = 0; index < 10; index++) opened.push(await open(streams, token));
    expect(await placesOf(holder)).toBe(10);
    const newest = await open(streams, token);
    expect(opened.map((stream) => stream.ended)).toEqual(['displaced', ...Array.from({ length: 9 }, () => undefined)]);
    expect(newest.ended).toBeUndefined();

    opened[5]?.close('revoked');
    await eventually(async () => (await placesOf(holder)) === 9, { what: 'the ended stream to give its place up' });
    expect((await open(streams, token)).ended).toBeUndefined();
    expect(opened.filter((stream) => stream.ended === undefined)).toHaveLength(8);
    expect(errors).toEqual([]);
  });

  it('opens no stream while its lease is not held, ends them all when it lapses, and opens them again once it holds it anew', async () => {
    let answers = true;
    const { holder, streams, task } = await admitted((name) => {
      const lease = leaseOf(name, 500);
      // The database stops answering this lease's renewals while `answers` is false.
      return Object.assign(Object.create(lease) as Lease, {
        take: async () => {
          if (!answers) throw new Error('the database does not answer');
          return lease.take();
        },
      });
    });
    const token = randomUUID();
    const before = [await open(streams, token), await open(streams, token)];
    expect(await placesOf(holder)).toBe(2);

    answers = false;
    await eventually(() => !task.running, { what: 'the lease to lapse', timeoutMs: 2_000 });
    expect(before.map((stream) => stream.ended)).toEqual(['server', 'server']);
    await eventually(async () => (await placesOf(holder)) === 0, { what: 'the places to be given up' });
    expect((await open(streams, token)).ended).toBe('server');
    expect(await placesOf(holder)).toBe(0);

    answers = true;
    await eventually(() => task.running, { what: 'the lease to be held again', timeoutMs: 2_000 });
    expect((await open(streams, token)).ended).toBeUndefined();
    expect(await placesOf(holder)).toBe(1);
  });

  it('gives every place up when the process stops, and those an earlier lease of it left when it is admitted', async () => {
    const { holder, streams, task } = await admitted((name) => leaseOf(name));
    const token = randomUUID();
    const opened = [await open(streams, token), await open(streams, token), await open(streams, randomUUID())];
    expect(await placesOf(holder)).toBe(3);
    await task.stop();
    expect(opened.map((stream) => stream.ended)).toEqual(['server', 'server', 'server']);
    expect(await placesOf(holder)).toBe(0);
    expect(await Lease.holderOf(database, streamPlacesLease(holder))).toBeUndefined();

    // Left by a lease of this process that lapsed while the database was away.
    await database.query('INSERT INTO event_streams (id, token_id, holder) VALUES ($1, $2, $3)', [randomUUID(), token, holder]);
    const again = new LeasedTask({ lease: leaseOf(holder), renewMs: 100, start: () => streams.admit(), onError: (error) => errors.push(error) });
    running.push(again);
    await again.start();
    expect(await placesOf(holder)).toBe(0);
    expect(errors).toEqual([]);
  });
});
