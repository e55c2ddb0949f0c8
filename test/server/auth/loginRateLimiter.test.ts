import { clientNetwork } from '../../../server/auth/clientNetwork';
import { LoginRateLimiter } from '../../../server/auth/LoginRateLimiter';
import { SlidingWindowLimit } from '../../../server/limits/SlidingWindowLimit';
import { TestClock } from '../support/testServer';

describe('SlidingWindowLimit', () => {
  it('refuses a key with `max` events in the window until the oldest has left it', () => {
    const clock = new TestClock();
    const limit = new SlidingWindowLimit(clock.now, { max: 2, windowMs: 10_000 });
    limit.record('a');
    clock.advance(3000);
    limit.record('a');
    expect(limit.retryAfterSeconds('a')).toBe(7);
    expect(limit.retryAfterSeconds('b')).toBe(0);
    clock.advance(7000);
    expect(limit.retryAfterSeconds('a')).toBe(0);
  });

  it('takes back one withdrawn event, and forgets every event of a reset key', () => {
    const clock = new TestClock();
    const limit = new SlidingWindowLimit(clock.now, { max: 2, windowMs: 10_000 });
    const first = limit.record('a');
    const second = limit.record('a');
    expect(first).toBe(second);
    limit.withdraw('a', second);
    expect(limit.retryAfterSeconds('a')).toBe(0);
    limit.record('a');
    expect(limit.retryAfterSeconds('a')).toBe(10);
    limit.reset('a');
    expect(limit.retryAfterSeconds('a')).toBe(0);
    expect(limit.size).toBe(0);
  });

  it('sweeps out keys whose events have left the window, once the keys have doubled since the last sweep', () => {
    const clock = new TestClock();
    const limit = new SlidingWindowLimit(clock.now, { max: 1, windowMs: 1000 }, 4);
    // The fifth key sweeps, finds all five live, and puts the next sweep off to above ten.
    for (const key of ['a', 'b', 'c', 'd', 'e']) limit.record(key);
    clock.advance(1000);
    limit.record('f');
    expect(limit.size).toBe(6);
    for (const key of ['g', 'h', 'i', 'j', 'k']) limit.record(key);
    expect(limit.size).toBe(6);
  });
});

describe('LoginRateLimiter', () => {
  const limits = { perAccount: { max: 3, windowMs: 60_000 }, perAddress: { max: 5, windowMs: 600_000 } };

  it('refuses an address that failed too often for one account, or for all accounts together', () => {
    const clock = new TestClock();
    const limiter = new LoginRateLimiter(clock.now, limits);
    for (let index = 0; index < 3; index++) limiter.begin('10.0.0.1', 'Anna@example.com');
    expect(limiter.retryAfterSeconds('10.0.0.1', ' anna@EXAMPLE.com ')).toBe(60);
    expect(limiter.retryAfterSeconds('10.0.0.1', 'ben@example.com')).toBe(0);
    expect(limiter.retryAfterSeconds('10.0.0.2', 'anna@example.com')).toBe(0);
    limiter.begin('10.0.0.1', 'ben@example.com');
    limiter.begin('10.0.0.1', 'carl@example.com');
    expect(limiter.retryAfterSeconds('10.0.0.1', 'dora@example.com')).toBe(600);
    expect(limiter.retryAfterSeconds('10.0.0.2', 'dora@example.com')).toBe(0);
  });

  it("forgets the account on success, but keeps the address's other failures", () => {
    const clock = new TestClock();
    const limiter = new LoginRateLimiter(clock.now, limits);
    limiter.begin('10.0.0.1', 'guess@example.com');
    for (let index = 0; index < 2; index++) limiter.begin('10.0.0.1', 'anna@example.com');
    limiter.succeeded(limiter.begin('10.0.0.1', 'anna@example.com'));
    limiter.begin('10.0.0.1', 'anna@example.com');
    // Four failures: anna's account starts over, and the success counts against the address no more.
    expect(limiter.retryAfterSeconds('10.0.0.1', 'anna@example.com')).toBe(0);
    // The fifth: the failures before the success still count against the address.
    limiter.begin('10.0.0.1', 'ben@example.com');
    expect(limiter.retryAfterSeconds('10.0.0.1', 'carl@example.com')).toBe(600);
  });

  it('does not count a withdrawn attempt (the password was never checked)', () => {
    const clock = new TestClock();
    const limiter = new LoginRateLimiter(clock.now, limits);
    for (let index = 0; index < 10; index++) limiter.withdraw(limiter.begin('10.0.0.1', 'anna@example.com'));
    expect(limiter.retryAfterSeconds('10.0.0.1', 'anna@example.com')).toBe(0);
  });

  it('counts an IPv6 client by its /64', () => {
    const clock = new TestClock();
    const limiter = new LoginRateLimiter(clock.now, limits);
    for (let index = 1; index <= 5; index++) limiter.begin(`2001:db8:1:2::${index}`, `guess-${index}@example.com`);
    expect(limiter.retryAfterSeconds('2001:db8:1:2:ffff::9', 'anna@example.com')).toBe(600);
    expect(limiter.retryAfterSeconds('2001:db8:1:3::1', 'anna@example.com')).toBe(0);
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
