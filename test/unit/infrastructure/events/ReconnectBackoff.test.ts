import { ReconnectBackoff } from '../../../../src/infrastructure/events/ReconnectBackoff';
import { FakeTimers } from '../../support/liveFakes';

describe('ReconnectBackoff', () => {
  let timers: FakeTimers;
  let random: number;
  let backoff: ReconnectBackoff;
  let attempts: number;

  /** How long the next scheduled attempt waits (advancing until it runs). */
  const nextWait = (requested: number | null = null): number => {
    const before = attempts;
    backoff.schedule(() => attempts++, requested);
    let waited = 0;
    while (attempts === before) {
      timers.advance(100);
      waited += 100;
    }
    return waited;
  };

  beforeEach(() => {
    timers = new FakeTimers();
    random = 0.999;
    attempts = 0;
    backoff = new ReconnectBackoff(timers, () => random);
  });

  it('doubles its waits from 1 s (jittered between half and whole), up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(() => nextWait())).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    random = 0;
    backoff.reset();
    expect(nextWait()).toBe(1000);
  });

  it('takes the server\'s retry as its base, a Retry-After as the least wait (never beyond 30 s)', () => {
    backoff.setServerRetry(3000);
    expect(nextWait()).toBe(6000);
    random = 0;
    expect(nextWait(20_000)).toBe(20_000);
    expect(nextWait(90_000)).toBe(30_000);
  });

  it('starts over when a connection goes live, and takes the count back when it proves no good', () => {
    nextWait();
    nextWait();
    expect(backoff.failing).toBe(true);
    backoff.wentLive();
    expect(backoff.failing).toBe(false);
    backoff.liveFailed();
    expect(nextWait()).toBe(8000);
  });

  it('knows whether an attempt waits, and drops it when cancelled', () => {
    backoff.schedule(() => attempts++);
    expect(backoff.waiting).toBe(true);
    backoff.cancel();
    expect(backoff.waiting).toBe(false);
    timers.advance(60_000);
    expect(attempts).toBe(0);
  });

  it('keeps the server\'s retry over a reset when asked (the network came back), else forgets it', () => {
    backoff.setServerRetry(5000);
    backoff.reset({ keepServerRetry: true });
    expect(nextWait()).toBe(10_000);
    backoff.reset();
    expect(nextWait()).toBe(2000);
  });
});
