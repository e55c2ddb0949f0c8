import type { Queryable } from '../db/Database';
import { SharedTokenBuckets } from '../limits/SharedTokenBuckets';

/** How many telemetry requests are let through: token buckets that refill evenly over `windowMs`. */
export interface TelemetryRateLimits {
  /** Requests per client address and window; also the burst a client may send at once. Default 60. */
  perClient: number;
  /** Requests of all clients together per window. Default 600. */
  overall: number;
  /** Default 10 s. */
  windowMs: number;
}

export const DEFAULT_TELEMETRY_RATE_LIMITS: TelemetryRateLimits = { perClient: 60, overall: 600, windowMs: 10_000 };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Above this many client buckets, the full ones (which mean the same as none) are swept out. */
const SWEEP_ABOVE = 10_000;

/** Takes a request of a client: 0 when let through, otherwise the whole seconds to wait (the request counts not). */
export interface TelemetryLimits {
  take(client: string): number | Promise<number>;
}

/**
 * Floods of telemetry (a runaway page, a script) are refused with 429 before their bodies are read:
 * one bucket per client address and one for everybody, so many clients together cannot flood either.
 * Kept in memory: a restart forgets it, and it counts what reaches this process only.
 */
export class TelemetryRateLimiter implements TelemetryLimits {
  private readonly clients = new Map<string, Bucket>();
  private readonly overall: Bucket;

  constructor(
    private readonly clock: () => Date,
    private readonly limits: TelemetryRateLimits = DEFAULT_TELEMETRY_RATE_LIMITS,
  ) {
    this.overall = { tokens: limits.overall, updatedAt: clock().getTime() };
  }

  /** Takes a request of `client` and answers 0, or refuses it and answers the seconds to wait. */
  take(client: string): number {
    const now = this.clock().getTime();
    const bucket = this.clients.get(client) ?? { tokens: this.limits.perClient, updatedAt: now };
    this.refill(bucket, this.limits.perClient, now);
    this.refill(this.overall, this.limits.overall, now);
    this.clients.set(client, bucket);
    if (this.clients.size > SWEEP_ABOVE) {
      this.sweep(now);
    }
    const wait = Math.max(this.waitMs(bucket, this.limits.perClient), this.waitMs(this.overall, this.limits.overall));
    if (wait > 0) {
      return Math.max(1, Math.ceil(wait / 1000));
    }
    bucket.tokens -= 1;
    this.overall.tokens -= 1;
    return 0;
  }

  private refill(bucket: Bucket, capacity: number, now: number): void {
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(capacity, bucket.tokens + (elapsed * capacity) / this.limits.windowMs);
    bucket.updatedAt = Math.max(bucket.updatedAt, now);
  }

  /** Time until `bucket` holds a whole token. */
  private waitMs(bucket: Bucket, capacity: number): number {
    return bucket.tokens >= 1 ? 0 : ((1 - bucket.tokens) * this.limits.windowMs) / capacity;
  }

  private sweep(now: number): void {
    for (const [client, bucket] of this.clients) {
      this.refill(bucket, this.limits.perClient, now);
      if (bucket.tokens >= this.limits.perClient) {
        this.clients.delete(client);
      }
    }
  }
}

/** The buckets' names in `rate_limit_buckets`. */
const CLIENT_BUCKET = 'telemetry-client';
const OVERALL_BUCKET = 'telemetry-all';
/** A database that does not answer is reported at most this often (a flood would otherwise flood the log). */
const REPORT_EVERY_MS = 60_000;
/** Refused clients remembered at most. */
const MAX_REMEMBERED = 10_000;

/**
 * The same buckets kept in the database (`SharedTokenBuckets`), for several processes on one
 * PostgreSQL: N processes let through what one would. One statement per request. When the database
 * does not answer, this process's own buckets decide meanwhile (telemetry is no reason to fail, and
 * a flood stays bounded, by N times the limits); that is reported once a minute at most.
 *
 * A refused client is remembered until the wait it was given has passed, and refused meanwhile
 * without asking the database: buckets only fill with time, so the database could not answer
 * otherwise before then, and a flood from one client costs one statement per wait, not per request.
 */
export class SharedTelemetryRateLimiter implements TelemetryLimits {
  private readonly buckets: SharedTokenBuckets;
  private readonly fallback: TelemetryRateLimiter;
  private reportedAt = -Infinity;
  /** Clients refused, and until when (epoch ms) the database would refuse them still. */
  private readonly blocked = new Map<string, number>();

  constructor(
    db: Queryable,
    private readonly clock: () => Date,
    private readonly limits: TelemetryRateLimits = DEFAULT_TELEMETRY_RATE_LIMITS,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.buckets = new SharedTokenBuckets(db, limits.windowMs);
    this.fallback = new TelemetryRateLimiter(clock, limits);
  }

  async take(client: string): Promise<number> {
    const asked = this.clock().getTime();
    const until = this.blocked.get(client);
    if (until !== undefined) {
      if (until > asked) return Math.max(1, Math.ceil((until - asked) / 1000));
      this.blocked.delete(client);
    }
    let waitMs: number;
    try {
      waitMs = await this.buckets.take(
        [
          { name: CLIENT_BUCKET, key: client, capacity: this.limits.perClient },
          { name: OVERALL_BUCKET, key: '', capacity: this.limits.overall },
        ],
        asked,
      );
    } catch (error) {
      const now = this.clock().getTime();
      if (now - this.reportedAt >= REPORT_EVERY_MS || now < this.reportedAt) {
        this.reportedAt = now;
        this.onError(error);
      }
      return this.fallback.take(client);
    }
    if (waitMs <= 0) return 0;
    this.remember(client, asked + waitMs, asked);
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  private remember(client: string, until: number, now: number): void {
    this.blocked.set(client, until);
    if (this.blocked.size > MAX_REMEMBERED) {
      for (const [key, time] of this.blocked) {
        if (time <= now) this.blocked.delete(key);
      }
      // Still full of live entries: forget the oldest (they are asked about again, no harm).
      for (const key of this.blocked.keys()) {
        if (this.blocked.size <= MAX_REMEMBERED) break;
        this.blocked.delete(key);
      }
    }
  }
}
