import { SharedLoginRateLimiter, type LoginStart } from '../../../server/auth/LoginRateLimiter';
import type { Database } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { PgliteDatabase } from '../../../server/db/PgliteDatabase';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';
import { sweepSharedLimits } from '../../../server/limits/SharedWindowLimits';
import { SharedTelemetryRateLimiter } from '../../../server/telemetry/TelemetryRateLimiter';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratchDatabase';
import { TEST_ENGINE } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS, TestClock } from '../support/testServer';

/**
 * The rate limits kept in the database (what several processes on one PostgreSQL count together)
 * answer as the in-memory ones do (loginRateLimiter.test.ts, telemetryLimits.test.ts), on the
 * engine of the run (testEngine.ts): on PostgreSQL parallel callers on separate connections cannot
 * slip past them either.
 */
const engines: [string, () => Promise<{ database: Database; scratch?: ScratchDatabase }>][] =
  TEST_ENGINE === 'postgres'
    ? [
        [
          'PostgreSQL',
          async () => {
            const scratch = await createScratchDatabase('scale_limits');
            return { database: await PostgresDatabase.open(scratch.url, 40), scratch };
          },
        ],
      ]
    : [['the embedded database', async () => ({ database: await PgliteDatabase.open() })]];

const retry = (start: LoginStart): number => ('retryAfterSeconds' in start ? start.retryAfterSeconds : 0);

describe.each(engines)('rate limits in the database, on %s', (_engine, open) => {
  let database: Database;
  let scratch: ScratchDatabase | undefined;
  const limits = { perAccount: { max: 3, windowMs: 60_000 }, perAddress: { max: 5, windowMs: 600_000 } };

  beforeAll(async () => {
    ({ database, scratch } = await open());
    await migrate(database);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  beforeEach(() => database.exec('DELETE FROM rate_limit_windows; DELETE FROM rate_limit_buckets'));

  it('refuses an address that failed too often for one account, or for all accounts together, and counts a refused attempt not', async () => {
    const clock = new TestClock();
    const limiter = new SharedLoginRateLimiter(database, clock.now, limits);
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
    // Anna's window has emptied, the address's has not: the longer wait is answered.
    expect(retry(await limiter.start('10.0.0.1', 'anna@example.com'))).toBe(540);
  });

  it("forgets the account on success but keeps the address's other failures, and does not count a withdrawn attempt", async () => {
    const clock = new TestClock();
    const limiter = new SharedLoginRateLimiter(database, clock.now, limits);
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
    const [address] = await database.query<{ times: number[] }>(`SELECT times FROM rate_limit_windows WHERE name = 'login-address'`);
    expect(address?.times).toHaveLength(4);
    expect(retry(await limiter.start('10.0.0.1', 'ben@example.com'))).toBe(0);
    expect(retry(await limiter.start('10.0.0.1', 'carl@example.com'))).toBe(600);
  });

  it('takes telemetry tokens from the client and the overall bucket, both or none, refilled evenly', async () => {
    const clock = new TestClock();
    const limiter = new SharedTelemetryRateLimiter(database, clock.now, { perClient: 2, overall: 3, windowMs: 9_000 });
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([0, 0, 5]);
    // The refused request took no token from the overall bucket: one is left.
    expect([await limiter.take('b'), await limiter.take('c')]).toEqual([0, 3]);
    clock.advance(3_000);
    expect([await limiter.take('c'), await limiter.take('d')]).toEqual([0, 3]);
  });

  it('answers like the in-memory limiter: 60 at once per 10 s, then one every 1/6 s', async () => {
    const clock = new TestClock();
    const limiter = new SharedTelemetryRateLimiter(database, clock.now);
    for (let request = 0; request < 60; request++) expect(await limiter.take('10.0.0.1')).toBe(0);
    expect(await limiter.take('10.0.0.1')).toBe(1);
    clock.advance(170);
    expect(await limiter.take('10.0.0.1')).toBe(0);
    expect(await limiter.take('10.0.0.1')).toBe(1);
  });

  it('counts parallel attempts one after the other: no more pass than the limit', async () => {
    const clock = new TestClock();
    const limiter = new SharedLoginRateLimiter(database, clock.now, { perAccount: { max: 10, windowMs: 60_000 }, perAddress: { max: 100, windowMs: 60_000 } });
    const telemetry = new SharedTelemetryRateLimiter(database, clock.now, { perClient: 60, overall: 1000, windowMs: 10_000 });
    const starts = await Promise.all(Array.from({ length: 30 }, () => limiter.start('10.0.0.9', 'anna@example.com')));
    expect(starts.filter((start) => 'attempt' in start)).toHaveLength(10);
    const takes = await Promise.all(Array.from({ length: 90 }, () => telemetry.take('10.0.0.9')));
    expect(takes.filter((wait) => wait === 0)).toHaveLength(60);
  });

  it('sweeps out windows and buckets that mean the same as none', async () => {
    const clock = new TestClock();
    const login = new SharedLoginRateLimiter(database, clock.now, limits);
    const telemetry = new SharedTelemetryRateLimiter(database, clock.now, { perClient: 2, overall: 10, windowMs: 10_000 });
    await login.start('10.0.0.1', 'anna@example.com');
    await telemetry.take('a');
    clock.advance(59_999);
    expect(await sweepSharedLimits(database, clock.now().getTime())).toBe(2);
    clock.advance(600_000);
    expect(await sweepSharedLimits(database, clock.now().getTime())).toBe(2);
    const [left] = await database.query<{ count: number }>('SELECT (SELECT count(*) FROM rate_limit_windows) + (SELECT count(*) FROM rate_limit_buckets) AS count');
    expect(Number(left?.count)).toBe(0);
  });
});

describe('telemetry limits when the database does not answer', () => {
  it('count in the process meanwhile, and report that once a minute', async () => {
    const clock = new TestClock();
    const broken = { query: () => Promise.reject(new Error('connection refused')), exec: () => Promise.reject(new Error('connection refused')) };
    const reported: unknown[] = [];
    const limiter = new SharedTelemetryRateLimiter(broken, clock.now, { perClient: 2, overall: 100, windowMs: 10_000 }, (error) => reported.push(error));
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([0, 0, 5]);
    expect(reported).toHaveLength(1);
    clock.advance(60_000);
    expect(await limiter.take('a')).toBe(0);
    expect(reported).toHaveLength(2);
  });
});

describe('a refused telemetry client', () => {
  it('is refused without asking the database until the wait it was given has passed', async () => {
    const clock = new TestClock();
    const asked: string[] = [];
    const answers = [2_500, 0];
    const database = {
      query: async <T extends object>(_sql: string, params: readonly unknown[] = []) => {
        asked.push(String((params[1] as string[])[0]));
        return [{ wait: answers.shift() ?? 0 }] as unknown as T[];
      },
      exec: async () => undefined,
    };
    const limiter = new SharedTelemetryRateLimiter(database, clock.now);
    expect(await limiter.take('a')).toBe(3);
    clock.advance(1_000);
    expect([await limiter.take('a'), await limiter.take('a')]).toEqual([2, 2]);
    expect(asked).toEqual(['a']);
    clock.advance(1_500);
    expect(await limiter.take('a')).toBe(0);
    expect(await limiter.take('b')).toBe(0);
    expect(asked).toEqual(['a', 'a', 'b']);
  });
});
