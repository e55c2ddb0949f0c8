import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { Lease } from '../../../server/cluster/Lease';
import { LeasedTask, type RunningTask } from '../../../server/cluster/LeasedTask';
import { BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { describeOnPglite, openTestDatabase } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { eventually } from '../../support/eventually';

/** Resolves once `check` answers true; fails after `timeoutMs`, naming `what`. */
const until = (what: string, check: () => number | boolean | Promise<boolean>, timeoutMs = 10_000) => eventually(check, { what, timeoutMs });

/** A task that counts how often it runs at once (never more than once, across holders). */
class Work {
  running = 0;
  most = 0;
  starts = 0;

  start = (): RunningTask => {
    this.running += 1;
    this.starts += 1;
    this.most = Math.max(this.most, this.running);
    return { stop: async () => void (this.running -= 1) };
  };
}

describe('a task under a lease (one process at a time)', () => {
  let database: Database;
  const tasks: LeasedTask[] = [];
  const errors: unknown[] = [];

  const leased = (holder: string, work: Work, ttlMs = 600, renewMs = 100) => {
    const task = new LeasedTask({ lease: new Lease(database, 'work', holder, ttlMs), renewMs, start: work.start, onError: (error) => errors.push(error) });
    tasks.push(task);
    return task;
  };

  beforeAll(async () => {
    // The run's engine: the embedded database, or a database of its own on PostgreSQL.
    database = await openTestDatabase();
    await migrate(database);
  }, STARTUP_TIMEOUT_MS);

  afterEach(async () => {
    await Promise.all(tasks.splice(0).map((task) => task.stop()));
    await database.exec('DELETE FROM leases');
    errors.length = 0;
  });

  afterAll(() => database?.close());

  it('runs in the holder of the lease only, and in another once the holder stops', async () => {
    const work = new Work();
    const [a, b] = [leased('a', work), leased('b', work)];
    await a.start();
    await b.start();
    expect([a.running, b.running]).toEqual([true, false]);
    expect(await Lease.holderOf(database, 'work')).toBe('a');
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Renewed: still a's after more than its time to live.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([a.running, b.running]).toEqual([true, false]);
    await a.stop();
    await until('b runs the task', () => b.running, 2_000);
    expect(work.most).toBe(1);
    expect(errors).toEqual([]);
  });

  it('is taken over once the lease of a holder that died has run out', async () => {
    await database.query(`INSERT INTO leases (name, holder, expires_at) VALUES ('work', 'gone', clock_timestamp() + interval '700 milliseconds')`);
    const work = new Work();
    const b = leased('b', work);
    const started = Date.now();
    await b.start();
    expect(b.running).toBe(false);
    await until('b runs the task', () => b.running, 3_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(await Lease.holderOf(database, 'work')).toBe('b');
  });

  it('stops the task before its lease could run out when it cannot renew it', async () => {
    const work = new Work();
    let answers = true;
    const lease = new Lease(database, 'work', 'a', 500);
    const flaky = Object.assign(Object.create(lease) as Lease, {
      take: async () => {
        if (!answers) throw new Error('the database does not answer');
        return lease.take();
      },
    });
    const task = new LeasedTask({ lease: flaky, renewMs: 100, start: work.start, onError: (error) => errors.push(error) });
    tasks.push(task);
    await task.start();
    expect(task.running).toBe(true);
    answers = false;
    const cut = Date.now();
    await until('the task stopped', () => !task.running, 2_000);
    expect(Date.now() - cut).toBeLessThan(500);
    expect(errors.length).toBeGreaterThan(0);
    answers = true;
    await until('the task runs again', () => task.running, 2_000);
  });
});

describeOnPglite('leases on the embedded database', () => {
  it(
    'are void when it opens again: a killed run left them, and it has one process',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cockpit-leases-'));
      try {
        const first = await startTestServer({ database: dataDir, seedOrders: 0 });
        await first.database.query(`INSERT INTO leases (name, holder, expires_at) VALUES ('demo-simulator', 'killed:1:a', now() + interval '1 hour')`);
        await first.close();
        const again = await startTestServer({ database: dataDir, seedOrders: 0, simulate: { intervalMs: 60_000 } });
        try {
          expect(await Lease.holderOf(again.database, 'demo-simulator')).toBe(again.holder);
        } finally {
          await again.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    2 * STARTUP_TIMEOUT_MS,
  );
});

describeOnPostgres('the demo simulator and the housekeeping among backend processes', () => {
  let database: ScratchDatabase;
  let backends: BackendProcesses | undefined;
  let client: pg.Client;

  const holders = async (): Promise<Record<string, string>> => {
    // The work done by one process at a time; beside it each process holds a lease on its event streams' places.
    const { rows } = await client.query<{ name: string; holder: string }>(
      `SELECT name, holder FROM leases WHERE expires_at > clock_timestamp() AND name NOT LIKE 'event-streams %'`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.holder]));
  };
  /** The process (index) whose id the holder names: `<host>:<pid>:<random>`. */
  const indexOf = (holder: string | undefined) => backends?.processes.findIndex((backend) => holder?.split(':')[1] === String(backend.pid)) ?? -1;
  const eventCount = async () => Number((await client.query<{ count: string }>('SELECT count(*) FROM order_events')).rows[0]?.count);

  beforeAll(async () => {
    database = await createScratchDatabase('scale_leases');
  });

  afterAll(async () => {
    await client?.end();
    await backends?.stopAll();
    await database?.drop();
  });

  it(
    'runs them in one process at a time; another takes over when the holder is killed or stops',
    async () => {
      backends = await BackendProcesses.start(3, { databaseUrl: database.url, env: { SIMULATE: '1', LEASE_SECONDS: '2' } });
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
      let leases = await holders();
      expect(Object.keys(leases).sort()).toEqual(['demo-simulator', 'housekeeping']);
      const simulating = indexOf(leases['demo-simulator']);
      expect(simulating).toBeGreaterThanOrEqual(0);
      // The simulator changes orders (every 4 s); all through one process.
      const before = await eventCount();
      await until('the simulator wrote events', async () => (await eventCount()) > before, 15_000);

      await backends.at(simulating).kill();
      const killedAt = Date.now();
      await until('another process took the simulator over', async () => {
        leases = await holders();
        const next = indexOf(leases['demo-simulator']);
        return next >= 0 && next !== simulating;
      }, 10_000);
      // Within the lease's 2 s and one renewal more.
      expect(Date.now() - killedAt).toBeLessThan(6_000);
      const afterKill = await eventCount();
      await until('the new holder simulates', async () => (await eventCount()) > afterKill, 15_000);

      // The killed process may have done the housekeeping too: its lease runs out, another takes it.
      let housekeeper = -1;
      await until('a running process does the housekeeping', async () => {
        housekeeper = indexOf((await holders()).housekeeping);
        return housekeeper >= 0 && backends?.at(housekeeper).isRunning === true;
      }, 10_000);
      expect(await backends.at(housekeeper).stop()).toEqual({ code: 0, signal: null });
      await until('a running process took the housekeeping over', async () => {
        const next = indexOf((await holders()).housekeeping);
        return next >= 0 && next !== housekeeper && backends?.at(next).isRunning === true;
      }, 5_000);
      // Each lease is held by one running process (a renewal late on a busy machine lets a lease lapse
      // for a moment until a process takes it again: the table is read until both are held).
      await until('both leases held by running processes', async () => {
        leases = await holders();
        return ['demo-simulator', 'housekeeping'].every((name) => {
          const index = indexOf(leases[name]);
          return index >= 0 && backends?.at(index).isRunning === true;
        });
      }, 5_000);
    },
    4 * PROCESS_START_TIMEOUT_MS,
  );
});
