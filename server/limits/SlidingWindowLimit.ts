/** At most `max` events per key within any `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** Above this many keys, those whose events have all left the window are swept out. */
const DEFAULT_SWEEP_ABOVE = 10_000;

/**
 * Counts events per key in a sliding window: once a key has `max` events within `windowMs`, it must
 * wait until the oldest of them has left the window. A key holds at most `max` times; keys whose
 * times have all left the window are swept out once the map has grown to twice its size after the
 * last sweep (and beyond `sweepAbove`). Kept in memory: a restart forgets it.
 */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>();
  private sweepAt: number;

  constructor(
    private readonly clock: () => Date,
    readonly limit: WindowLimit,
    private readonly sweepAbove = DEFAULT_SWEEP_ABOVE,
  ) {
    this.sweepAt = sweepAbove;
  }

  /** Seconds until `key` may have another event, or 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const now = this.clock().getTime();
    const recent = this.recent(key, now);
    if (recent.length < this.limit.max) {
      return 0;
    }
    const oldest = recent[recent.length - this.limit.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.limit.windowMs - now) / 1000));
  }

  /** Counts one event of `key` now; answers its time, by which `withdraw` takes it back. */
  record(key: string): number {
    const now = this.clock().getTime();
    const recent = this.recent(key, now);
    recent.push(now);
    // Only the newest `max` decide the wait: older ones need not be kept.
    recent.splice(0, recent.length - this.limit.max);
    this.events.set(key, recent);
    if (this.events.size > this.sweepAt) {
      this.sweep(now);
      // Amortised: the next sweep waits until as many keys again have come.
      this.sweepAt = Math.max(this.sweepAbove, 2 * this.events.size);
    }
    return now;
  }

  /** Takes back one event of `key` counted at `time` (by `record`); other events of the key stay. */
  withdraw(key: string, time: number): void {
    const times = this.events.get(key);
    const index = times?.lastIndexOf(time) ?? -1;
    if (!times || index < 0) {
      return;
    }
    times.splice(index, 1);
    if (times.length === 0) {
      this.events.delete(key);
    }
  }

  /** Forgets every event of `key`. */
  reset(key: string): void {
    this.events.delete(key);
  }

  /** How many keys are held (for tests of the sweeping). */
  get size(): number {
    return this.events.size;
  }

  private recent(key: string, now: number): number[] {
    const times = (this.events.get(key) ?? []).filter((time) => time > now - this.limit.windowMs);
    if (times.length === 0) {
      this.events.delete(key);
    }
    return times;
  }

  private sweep(now: number): void {
    for (const key of [...this.events.keys()]) {
      this.recent(key, now);
    }
  }
}
