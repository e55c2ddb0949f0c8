import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Lease } from '../../../server/cluster/Lease';
import { migrate } from '../../../server/db/migrate';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';
import { endDisplacedStreams } from '../../../server/events/endDisplacedStreams';
import { OpenStreams, type StreamEnd, type StreamRegistration } from '../../../server/events/OpenStreams';
import { PostgresNotifications } from '../../../server/events/PostgresNotifications';
import { DISPLACED_STREAMS_CHANNEL, StreamPlaces, streamPlacesLease } from '../../../server/events/StreamPlaces';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { eventually } from '../../support/eventually';

/** One backend process as far as its streams go: its pool, its listening connection, its registry. */
interface Process {
  database: PostgresDatabase;
  notifications: PostgresNotifications;
  streams: OpenStreams;
  errors: string[];
  close(): Promise<void>;
}

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

async function startProcess(url: string, reconnectDelayMs: number): Promise<Process> {
  const database = await PostgresDatabase.open(url, 4);
  const errors: string[] = [];
  const notifications = new PostgresNotifications({
    connectionString: url,
    channels: [DISPLACED_STREAMS_CHANNEL],
    onError: (error, message) => errors.push(`${message}: ${String(error)}`),
    reconnectDelayMs,
    maxReconnectDelayMs: reconnectDelayMs,
    heartbeatIntervalMs: 500,
    heartbeatTimeoutMs: 1000,
  });
  const holder = `host:${randomUUID().slice(0, 8)}`;
  const streams = new OpenStreams(new StreamPlaces(database, holder), (error) => errors.push(String(error)));
  // The lease an app renews; held long enough for these tests.
  await new Lease(database, streamPlacesLease(holder), holder, 60_000).take();
  await streams.admit();
  const subscription = endDisplacedStreams({ notifications, streams });
  await notifications.start();
  return {
    database,
    notifications,
    streams,
    errors,
    close: async () => {
      subscription.dispose();
      await notifications.close();
      await database.close();
    },
  };
}

jest.setTimeout(20_000);

describeOnPostgres('streams displaced across processes on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let listener: pg.Client;
  /** What `displaced_streams` carried, as any process hears it. */
  const notified: string[] = [];
  const processes: Process[] = [];

  const start = async (reconnectDelayMs = 20): Promise<Process> => {
    const process = await startProcess(scratch.url, reconnectDelayMs);
    processes.push(process);
    return process;
  };
  const open = async (process: Process, tokenId: string): Promise<Stream> => {
    const stream = new Stream();
    stream.registration = process.streams.add({ id: tokenId, userId: randomUUID(), sessionGeneration: 0 }, stream);
    await stream.registration.placed;
    return stream;
  };
  const openAll = async (process: Process, tokenId: string, count: number): Promise<Stream[]> => {
    const opened: Stream[] = [];
    for (let index = 0; index < count; index++) opened.push(await open(process, tokenId));
    return opened;
  };
  const endsOf = (streams: readonly Stream[]) => streams.map((stream) => stream.ended ?? 'open');
  const open9 = Array.from({ length: 9 }, () => 'open');

  beforeAll(async () => {
    scratch = await createScratchDatabase('displaced_streams');
    const admin = await PostgresDatabase.open(scratch.url, 1);
    await migrate(admin);
    await admin.close();
    listener = new pg.Client({ connectionString: scratch.url });
    await listener.connect();
    listener.on('notification', (message) => notified.push(message.payload ?? ''));
    await listener.query(`LISTEN ${DISPLACED_STREAMS_CHANNEL}`);
  });

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.close()));
    await listener?.end();
    await scratch?.drop();
  });

  it('ends a stream displaced by a newer one opened on another process within a second; notifies nothing otherwise', async () => {
    const [a, b] = [await start(), await start()];
    const token = randomUUID();
    const onA = await openAll(a, token, 5);
    const onB = await openAll(b, token, 5);
    // A displacement within one process is ended there at once, without a notification.
    const newestOnA = await open(a, token);
    expect(endsOf(onA)).toEqual(['displaced', 'open', 'open', 'open', 'open']);

    const displacedAt = Date.now();
    const newestOnB = await open(b, token);
    await eventually(() => onA[1]?.ended, { what: 'the stream on the other process to end', timeoutMs: 1_000, intervalMs: 10 });
    expect(Date.now() - displacedAt).toBeLessThan(1_000);
    expect(endsOf([...onA, ...onB, newestOnA, newestOnB])).toEqual(['displaced', 'displaced', 'open', 'open', 'open', ...open9.slice(0, 7)]);
    await eventually(() => notified.length > 0, { what: 'the notification', timeoutMs: 1_000, intervalMs: 10 });
    // Given a moment to show any other.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notified).toHaveLength(1);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('ends after a reconnect the streams displaced while its listening connection was down', async () => {
    // A reconnects after half a second: the displacements below happen while it is away.
    const [a, b] = [await start(500), await start()];
    const token = randomUUID();
    const onA = await openAll(a, token, 3);
    await openAll(b, token, 7);
    await listener.query('SELECT pg_terminate_backend($1)', [a.notifications.backendPid as number]);
    await eventually(() => !a.notifications.isListening, { what: 'the listening connection to be lost' });
    const connections = a.notifications.connections;
    await openAll(b, token, 2);
    expect(a.notifications.connections).toBe(connections);
    expect(endsOf(onA)).toEqual(['open', 'open', 'open']);
    await eventually(() => a.notifications.connections > connections, { what: 'the listening connection to be back' });
    await eventually(() => onA[1]?.ended, { what: 'the streams displaced meanwhile to end' });
    expect(endsOf(onA)).toEqual(['displaced', 'displaced', 'open']);
  });
});
