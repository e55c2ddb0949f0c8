import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitStore } from './LimitStore';

/** The library's table on PostgreSQL (migration 020). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** One limit: at most `points` per key in each fixed window of `windowMs`, which starts with the key's first point. */
export interface LimiterRule {
  /** The limit's name, which its keys start with (`login-account:…`). */
  name: string;
  points: number;
  windowMs: number;
  /**
   * PostgreSQL only: once a key has been refused, this process refuses it until its window ends
   * without asking the database (it could not answer otherwise before then): a flood from one key
   * costs one statement per window, not per request.
   */
  refuseFullKeysInMemory?: boolean;
  /** PostgreSQL only: while the database does not answer, this process counts alone (the library's insurance limiter). */
  insured?: boolean;
}

/**
 * Milliseconds as the library's seconds: it multiplies them by 1000 again, and the table's `expire`
 * is a whole number, so a time that does not come back whole (1.1 s) is rounded up to a second.
 */
export function librarySeconds(ms: number): number {
  const seconds = ms / 1000;
  return seconds * 1000 === ms ? seconds : Math.ceil(seconds);
}

/** A rate-limiter-flexible limiter for `rule`, in memory or in the `rate_limits` table (`tableCreated`: the migration made it). */
export function rateLimiter(store: LimitStore, rule: LimiterRule): RateLimiterAbstract {
  const options = { keyPrefix: rule.name, points: rule.points, duration: librarySeconds(rule.windowMs) };
  if (store.kind === 'memory') {
    return new RateLimiterMemory(options);
  }
  return new RateLimiterPostgres({
    ...options,
    storeClient: store.pool,
    storeType: 'pool',
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    // Expired rows are deleted by the housekeeping, by one process (sweepRateLimits.ts), not by every limiter of every process.
    clearExpiredByTimeout: false,
    ...(rule.refuseFullKeysInMemory ? { inMemoryBlockOnConsumed: rule.points + 1 } : {}),
    ...(rule.insured ? { insuranceLimiter: new RateLimiterMemory(options) } : {}),
  });
}

/**
 * Consumes a point of `key`: answers 0 when let through, otherwise the milliseconds until its window
 * ends (the point was counted all the same; the caller takes it back when it must). Errors of the
 * store are thrown.
 */
export async function takePoint(limiter: RateLimiterAbstract, key: string, options?: { customDuration: number }): Promise<number> {
  try {
    await limiter.consume(key, 1, options);
    return 0;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) {
      return Math.max(1, refusal.msBeforeNext);
    }
    throw refusal;
  }
}

/** A wait in milliseconds as the whole seconds of a `Retry-After`, at least one. */
export function secondsToWait(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
