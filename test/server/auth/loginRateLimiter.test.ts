import { AccountFailureDelay } from '../../../server/auth/AccountFailureDelay';
import { clientNetwork } from '../../../server/auth/clientNetwork';
import { type LoginAttempt, LoginRateLimiter, type LoginStart } from '../../../server/auth/LoginRateLimiter';
import { MEMORY_STORE } from '../../../server/limits/LimitStore';
import { SystemTestClock } from '../support/SystemTestClock';

const retry = (start: LoginStart): number => ('retryAfterSeconds' in start ? start.retryAfterSeconds : 0);
const attemptOf = (start: LoginStart): LoginAttempt => {
  if (!('attempt' in start)) throw new Error(`refused for ${start.retryAfterSeconds} s`);
  return start.attempt;
};

/** The limiters in memory (rate-limiter-flexible's RateLimiterMemory), on a clock the tests move. */
describe('LoginRateLimiter', () => {
  const limits = { perAccount: { max: 3, windowMs: 60_000 }, perAddress: { max: 5, windowMs: 600_000 } };
  const clock = new SystemTestClock();
  beforeAll(() => clock.install());
  afterAll(() => clock.uninstall());

  it('refuses an address that failed too often for one account, or for all accounts together, until the window ends', async () => {
    const limiter = new LoginRateLimiter(MEMORY_STORE, limits);
    for (let index = 0; index < 3; index++) attemptOf(await limiter.start('10.0.0.1', 'Anna@example.com'));
    expect(retry(await limiter.start('10.0.0.1', ' anna@EXAMPLE.com '))).toBe(60);
    expect(retry(await limiter.start('10.0.0.2', 'anna@example.com'))).toBe(0);
    clock.advance(20_000);
    expect(retry(await limiter.start('10.0.0.1', 'anna@example.com'))).toBe(40);
    attemptOf(await limiter.start('10.0.0.1', 'ben@example.com'));
    attemptOf(await limiter.start('10.0.0.1', 'carl@example.com'));
    expect(retry(await limiter.start('10.0.0.1', 'dora@example.com'))).toBe(580);
    clock.advance(40_000);
    // Anna's window has ended, the address's has not: the longer wait is answered, and neither counts the attempt.
    expect(retry(await limiter.start('10.0.0.1', 'anna@example.com'))).toBe(540);
    expect(retry(await limiter.start('10.0.0.2', 'dora@example.com'))).toBe(0);
    clock.advance(540_000);
    expect(retry(await limiter.start('10.0.0.1', 'dora@example.com'))).toBe(0);
  });

  it("forgets the account on success, but keeps the address's other failures", async () => {
    const limiter = new LoginRateLimiter(MEMORY_STORE, limits);
    attemptOf(await limiter.start('10.0.0.3', 'guess@example.com'));
    for (let index = 0; index < 2; index++) attemptOf(await limiter.start('10.0.0.3', 'anna@example.com'));
    await limiter.succeeded(attemptOf(await limiter.start('10.0.0.3', 'anna@example.com')));
    // Four failures: anna's account starts over, and the success counts against the address no more.
    attemptOf(await limiter.start('10.0.0.3', 'anna@example.com'));
    // The fifth: the failures before the success still count against the address.
    attemptOf(await limiter.start('10.0.0.3', 'ben@example.com'));
    expect(retry(await limiter.start('10.0.0.3', 'carl@example.com'))).toBe(600);
  });

  it('does not count a withdrawn attempt (the password was never checked), nor a refused one', async () => {
    const limiter = new LoginRateLimiter(MEMORY_STORE, limits);
    for (let index = 0; index < 10; index++) await limiter.withdraw(attemptOf(await limiter.start('10.0.0.4', 'anna@example.com')));
    const kept = [];
    for (let index = 0; index < 3; index++) kept.push(attemptOf(await limiter.start('10.0.0.4', 'anna@example.com')));
    for (let index = 0; index < 5; index++) expect(retry(await limiter.start('10.0.0.4', 'anna@example.com'))).toBe(60);
    // One place freed: exactly one more attempt, the refusals before did not pile up.
    await limiter.withdraw(kept[0]!);
    attemptOf(await limiter.start('10.0.0.4', 'anna@example.com'));
    expect(retry(await limiter.start('10.0.0.4', 'anna@example.com'))).toBe(60);
  });

  it('lets no more parallel attempts through than the limit', async () => {
    const limiter = new LoginRateLimiter(MEMORY_STORE, { perAccount: { max: 10, windowMs: 60_000 }, perAddress: { max: 100, windowMs: 60_000 } });
    const starts = await Promise.all(Array.from({ length: 30 }, () => limiter.start('10.0.0.5', 'anna@example.com')));
    expect(starts.filter((start) => 'attempt' in start)).toHaveLength(10);
  });

  it('counts an IPv6 client by its /64', async () => {
    const limiter = new LoginRateLimiter(MEMORY_STORE, limits);
    for (let index = 1; index <= 5; index++) attemptOf(await limiter.start(`2001:db8:1:2::${index}`, `guess-${index}@example.com`));
    expect(retry(await limiter.start('2001:db8:1:2:ffff::9', 'anna@example.com'))).toBe(600);
    expect(retry(await limiter.start('2001:db8:1:3::1', 'anna@example.com'))).toBe(0);
  });
});

describe('AccountFailureDelay', () => {
  const rules = { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000, memoryMs: 60_000 };
  const clock = new SystemTestClock();
  beforeAll(() => clock.install());
  afterAll(() => clock.uninstall());

  it('holds the attempt after the free failures back for a delay that doubles up to the longest, and counts a refused one not', async () => {
    const delay = new AccountFailureDelay(MEMORY_STORE, rules);
    expect(await delay.take('Anna@example.com')).toEqual({ holds: false });
    expect(await delay.take('anna@example.com')).toEqual({ holds: true });
    expect(await delay.take('anna@example.com')).toEqual({ waitMs: 1000 });
    clock.advance(999);
    expect(await delay.take('anna@example.com')).toEqual({ waitMs: 1 });
    clock.advance(1);
    expect(await delay.take('anna@example.com')).toEqual({ holds: true });
    expect(await delay.take('anna@example.com')).toEqual({ waitMs: 2000 });
    for (const waitMs of [2000, 4000, 4000]) {
      clock.advance(waitMs);
      expect(await delay.take('anna@example.com')).toEqual({ holds: true });
    }
    expect(await delay.take('anna@example.com')).toEqual({ waitMs: 4000 });
    expect(await delay.take('ben@example.com')).toEqual({ holds: false });
  });

  it('forgets the failures on success, and after the memory has passed', async () => {
    const delay = new AccountFailureDelay(MEMORY_STORE, rules);
    for (let index = 0; index < 2; index++) await delay.take('carl@example.com');
    await delay.succeeded('carl@example.com');
    expect(await delay.take('carl@example.com')).toEqual({ holds: false });
    expect(await delay.take('carl@example.com')).toEqual({ holds: true });
    clock.advance(60_000);
    expect(await delay.take('carl@example.com')).toEqual({ holds: false });
  });

  it('takes a withdrawn attempt back, and its hold', async () => {
    const delay = new AccountFailureDelay(MEMORY_STORE, rules);
    expect(await delay.take('dora@example.com')).toEqual({ holds: false });
    expect(await delay.take('dora@example.com')).toEqual({ holds: true });
    await delay.withdraw('dora@example.com', true);
    expect(await delay.take('dora@example.com')).toEqual({ holds: true });
    // Still the first hold: the withdrawn one was taken back.
    expect(await delay.take('dora@example.com')).toEqual({ waitMs: 1000 });
  });

  it('counts refused attempts not: with the counted ones withdrawn, the next is free again', async () => {
    const delay = new AccountFailureDelay(MEMORY_STORE, rules);
    expect(await delay.take('gina@example.com')).toEqual({ holds: false });
    expect(await delay.take('gina@example.com')).toEqual({ holds: true });
    for (let index = 0; index < 3; index++) expect(await delay.take('gina@example.com')).toEqual({ waitMs: 1000 });
    await delay.withdraw('gina@example.com', true);
    await delay.withdraw('gina@example.com', false);
    expect(await delay.take('gina@example.com')).toEqual({ holds: false });
  });

  it('lets the free attempts at once through, and one more, which holds the next back for the first delay', async () => {
    const delay = new AccountFailureDelay(MEMORY_STORE, rules);
    const taken = await Promise.all(Array.from({ length: 10 }, () => delay.take('emil@example.com')));
    expect(taken.filter((take) => 'holds' in take)).toHaveLength(2);
    expect(taken.filter((take) => 'waitMs' in take)).toEqual(Array(8).fill({ waitMs: 1000 }));
    clock.advance(1000);
    const after = await Promise.all(Array.from({ length: 10 }, () => delay.take('emil@example.com')));
    expect(after.filter((take) => 'holds' in take)).toHaveLength(1);
    expect(after.filter((take) => 'waitMs' in take)).toEqual(Array(9).fill({ waitMs: 2000 }));
  });

  it('starts the delays over when the failures are remembered no more', async () => {
    const delay = new AccountFailureDelay(MEMORY_STORE, rules);
    expect(await delay.take('fritz@example.com')).toEqual({ holds: false });
    for (const waitMs of [0, 1000, 2000]) {
      clock.advance(waitMs);
      expect(await delay.take('fritz@example.com')).toEqual({ holds: true });
    }
    // A minute after the first failure: forgotten, and the next hold is the first again (1 s, not 8 s).
    clock.advance(57_000);
    expect(await delay.take('fritz@example.com')).toEqual({ holds: false });
    expect(await delay.take('fritz@example.com')).toEqual({ holds: true });
    expect(await delay.take('fritz@example.com')).toEqual({ waitMs: 1000 });
  });
});

describe('clientNetwork', () => {
  it('is an IPv4 address itself, and the /64 of an IPv6 address', () => {
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('2001:db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
  });

  it('takes an IPv4-mapped IPv6 address for its IPv4 address, and leaves anything else as it is', () => {
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
