/**
 * Counts failed sign-ins per key (client address plus lower-cased e-mail) in a sliding window.
 * After `maxFailures` failures within `windowMs`, the key is refused until the oldest failure has
 * left the window, whatever the password. Kept in memory: a restart forgets it.
 */
export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: () => Date,
    private readonly maxFailures = 10,
    private readonly windowMs = 60_000,
    /** Above this many keys, forgotten windows are swept out. */
    private readonly sweepAbove = 10_000,
  ) {}

  static key(address: string, email: string): string {
    return `${address}\n${email.trim().toLowerCase()}`;
  }

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const now = this.clock().getTime();
    const recent = this.recent(key, now);
    if (recent.length < this.maxFailures) {
      return 0;
    }
    const oldest = recent[recent.length - this.maxFailures] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** Counts one failed attempt of `key`. */
  recordFailure(key: string): void {
    const now = this.clock().getTime();
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
    if (this.failures.size > this.sweepAbove) {
      this.sweep(now);
    }
  }

  /** Forgets the failures of `key` (after its successful sign-in); other keys keep theirs. */
  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (times.length === 0) {
      this.failures.delete(key);
    }
    return times;
  }

  private sweep(now: number): void {
    for (const key of [...this.failures.keys()]) {
      this.recent(key, now);
    }
  }
}
