import { LoginRateLimiter, type LoginStart } from '../../../server/auth/LoginRateLimiter';
import type { Database } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { PgliteDatabase } from '../../../server/db/PgliteDatabase';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';
import { type LimitPool, type LimitStore, limitStoreOf } from '../../../server/limits/LimitStore';
import { sweepRateLimits } from '../../../server/limits/sweepRateLimits';
import { reportingFailures } from '../../../server/telemetry/telemetryLimiterFor';
import { TelemetryRateLimiter } from '../../../server/telemetry/TelemetryRateLimiter';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { SystemTestClock } from '../support/SystemTestClock';
import { TEST_ENGINE } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';

/**
 * The rate limits in the store of the engine of the run (testEngine.ts, limits/LimitStore.ts): in
 * memory beside the embedded database, in the `rate_limits` table of a PostgreSQL server, where
 * parallel callers on separate connections cannot slip past them either. Same answers on both.
 */
async function openDatabase(): Promise<{ database: Database; scratch?: ScratchDatabase }> {
  if (TEST_ENGINE !== 'postgres') return { database: await PgliteDatabase.open() };
  const scratch = await createScratchDatabase('scale_limits');
  return { database: await PostgresDatabase.open(scratch.url, 40), scratch };
}

const retry = (start: LoginStart): number => ('retryAfterSeconds' in start ? start.retryAfterSeconds : 0);

describe(`rate limits on ${TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let database: Database;
  let scratch: ScratchDatabase | undefined;
  let store: LimitStore;
  const clock = new SystemTestClock();
  const limits = { perAccount: { max: 3, windowMs: 60_000 }, perAddress: { max: 5, windowMs: 600_000 } };

  beforeAll(async () => {
    ({ database, scratch } = await openDatabase());
    await migrate(database);
    store = limitStoreOf(database);
    clock.install();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    clock.uninstall();
    await database?.close();
    await scratch?.drop();
  });

  beforeEach(() => database.exec('DELETE FROM rate_limits'));

  it('keeps them where the engine says: in the table on PostgreSQL, in memory beside the embedded database', () => {
    expect(store.kind).toBe(TEST_ENGINE === 'postgres' ? 'postgres' : 'memory');
  });

  it('refuses an address that failed too often for one account, or for all accounts together, and counts a refused attempt not', async () => {
    const limiter = new LoginRateLimiter(store, limits);
    for (let index = 0; index < 3; index++) expect(retry(await limiter.start('10.0.0.1', 'Anna@example.com'))).toBe(0);
    expect(retry(await limiter.start('10.0.0.1', ' anna@EXAMPLE.com '))).toBe(60);
    clock.advance(20_000);
    expect(retry(await limiter.start('10.0.0.1', 'anna@example.com'))).toBe(40);
    expect(retry(await limiter.start('10.0.0.2', 'anna@example.com'))).toBe(0);
    // The refusals above counted against the address not: two more accounts fill it.
    expect(retry(await limiter.start('10.0.0.1', 'ben@example.com'))).toBe(0);
    expect(retry(await limiter.start('10.0.0.1', 'carl@example.com'))).toBe(0);
    expect(retry(await limiter.start('10.0.0.1', 'dora@example.com'))).toBe(580);
    clock.advance(40_000);
    // Anna's window has ended, the address's has not: the longer wait is answered.
    expect(retry(await limiter.start('10.0.0.1', 'anna@example.com'))).toBe(540);
  });

  it("forgets the account on success but keeps the address's other failures, and does not count a withdrawn attempt", async () => {
    const limiter = new LoginRateLimiter(store, limits);
    const attemptOf = (start: LoginStart) => {
      if (!('attempt' in start)) throw new Error('refused');
      return start.attempt;
    };
    await limiter.start('10.0.0.1', 'guess@example.com');
    for (let index = 0; index < 2; index++) await limiter.start('10.0.0.1', 'anna@example.com');
    await limiter.succeeded(attemptOf(await limiter.start('10.0.0.1', 'anna@example.com')));
    await limiter.start('10.0.0.1', 'anna@example.com');
    for (let index = 0; index < 10; index++) await limiter.withdraw(attemptOf(await limiter.start('10.0.0.1', 'ben@example.com')));
    // Four failures count against the address (the success and the withdrawn ones not), one against Anna.
    if (store.kind === 'postgres') {
      const rows = await database.query<{ key: string; points: number }>(`SELECT key, points FROM rate_limits WHERE key LIKE 'login-address:%'`);
      expect(rows).toEqual([{ key: 'login-address:10.0.0.1', points: 4 }]);
    }
    expect(retry(await limiter.start('10.0.0.1', 'ben@example.com'))).toBe(0);
    expect(retry(await limiter.start('10.0.0.1', 'carl@example.com'))).toBe(600);
  });

  it('counts telemetry against the client and everybody, both or none, in fixed windows', async () => {
    const limiter = new TelemetryRateLimiter(store, { perClient: 2, overall: 3, windowMs: 9_000 });
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([0, 0, 9]);
    // The refused request counted not against everybody: one is left, and then everybody waits for the window's end.
    expect([await limiter.take('b'), await limiter.take('c')]).toEqual([0, 9]);
    clock.advance(3_000);
    expect(await limiter.take('c')).toBe(6);
    clock.advance(6_000);
    // The refusal by everybody's limit did not count against c either.
    expect([await limiter.take('c'), await limiter.take('c'), await limiter.take('c')]).toEqual([0, 0, 9]);
  });

  it('lets a telemetry client send 60 requests per 10 s by default', async () => {
    const limiter = new TelemetryRateLimiter(store);
    for (let request = 0; request < 60; request++) expect(await limiter.take('10.0.0.1')).toBe(0);
    expect(await limiter.take('10.0.0.1')).toBe(10);
    clock.advance(9_999);
    expect(await limiter.take('10.0.0.1')).toBe(1);
    clock.advance(1);
    expect(await limiter.take('10.0.0.1')).toBe(0);
  });

  it('counts parallel attempts one after the other: no more pass than the limit', async () => {
    const limiter = new LoginRateLimiter(store, { perAccount: { max: 10, windowMs: 60_000 }, perAddress: { max: 100, windowMs: 60_000 } });
    const telemetry = new TelemetryRateLimiter(store, { perClient: 60, overall: 1000, windowMs: 10_000 });
    const starts = await Promise.all(Array.from({ length: 30 }, () => limiter.start('10.0.0.9', 'anna@example.com')));
    expect(starts.filter((start) => 'attempt' in start)).toHaveLength(10);
    const takes = await Promise.all(Array.from({ length: 90 }, () => telemetry.take('10.0.0.9')));
    expect(takes.filter((wait) => wait === 0)).toHaveLength(60);
  });

  it('sweeps out the rows whose window has ended', async () => {
    const now = Date.now();
    await database.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, 1, $2), ($3, 1, $4), ($5, 1, $6)', [
      'ended:a',
      now - 1,
      'ended:b',
      now,
      'live:c',
      now + 1,
    ]);
    expect(await sweepRateLimits(database, now)).toBe(2);
    expect(await database.query('SELECT key FROM rate_limits')).toEqual([{ key: 'live:c' }]);
  });

  describeOnPostgres('on PostgreSQL', () => {
    it('sweeps what the limiters wrote once their windows have ended', async () => {
      await new LoginRateLimiter(store, limits).start('10.0.0.1', 'anna@example.com');
      await new TelemetryRateLimiter(store, { perClient: 2, overall: 10, windowMs: 10_000 }).take('a');
      // The telemetry's two windows end after 10 s, the account's after a minute, the address's after 10 minutes.
      clock.advance(9_999);
      expect(await sweepRateLimits(database, Date.now())).toBe(0);
      clock.advance(1);
      expect(await sweepRateLimits(database, Date.now())).toBe(2);
      clock.advance(50_000);
      expect(await sweepRateLimits(database, Date.now())).toBe(1);
      clock.advance(540_000);
      expect(await sweepRateLimits(database, Date.now())).toBe(1);
      expect(await database.query('SELECT key FROM rate_limits')).toEqual([]);
    });

    it('refuses a full telemetry client without asking the database until its window ends', async () => {
      const asked: string[] = [];
      const pool = (store as { pool: LimitPool }).pool;
      const counting: LimitPool = { query: (query) => (asked.push(String(query.values?.[0])), pool.query(query)) };
      const limiter = new TelemetryRateLimiter({ kind: 'postgres', pool: counting }, { perClient: 1, overall: 100, windowMs: 10_000 });
      expect(await limiter.take('a')).toBe(0);
      expect(await limiter.take('a')).toBe(10);
      clock.advance(2_500);
      expect([await limiter.take('a'), await limiter.take('a')]).toEqual([8, 8]);
      expect(asked).toEqual(['telemetry-client:a', 'telemetry-all:all', 'telemetry-client:a']);
      clock.advance(7_500);
      expect(await limiter.take('a')).toBe(0);
      expect(asked).toHaveLength(5);
    });
  });
});

describe('telemetry limits when the database does not answer', () => {
  const clock = new SystemTestClock();
  beforeAll(() => clock.install());
  afterAll(() => clock.uninstall());

  it('count in the process meanwhile, and report that once a minute', async () => {
    const broken: LimitPool = { query: () => Promise.reject(new Error('connection refused')) };
    const reported: unknown[] = [];
    const pool = reportingFailures(broken, clock.now, (error) => reported.push(error));
    const limiter = new TelemetryRateLimiter({ kind: 'postgres', pool }, { perClient: 2, overall: 100, windowMs: 10_000 });
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([0, 0, 10]);
    expect(reported).toEqual([new Error('connection refused')]);
    clock.advance(60_000);
    expect(await limiter.take('a')).toBe(0);
    expect(reported).toHaveLength(2);
  });
});
