import type { Database } from '../db/Database';
import { type LimitPool, limitStoreOf } from '../limits/LimitStore';
import { type TelemetryLimits, TelemetryRateLimiter, type TelemetryRateLimits } from './TelemetryRateLimiter';

/** A database that does not answer is reported at most this often (a flood would otherwise flood the log). */
const REPORT_EVERY_MS = 60_000;

/**
 * `pool`, whose failures are passed to `onError` once a minute at most (by `clock`) before the
 * library sees them (and counts in the process meanwhile: its insurance limiter).
 */
export function reportingFailures(pool: LimitPool, clock: () => Date, onError: (error: unknown) => void): LimitPool {
  let reportedAt = -Infinity;
  return {
    query: (query) =>
      pool.query(query).catch((error: unknown) => {
        const now = clock().getTime();
        if (now - reportedAt >= REPORT_EVERY_MS || now < reportedAt) {
          reportedAt = now;
          onError(error);
        }
        throw error;
      }),
  };
}

/**
 * The telemetry limits of a backend on `database`: in memory on the embedded database, shared in its
 * table on a PostgreSQL server, where a database that does not answer is reported to `onError`
 * (once a minute at most) while this process counts alone.
 */
export function telemetryLimiterFor(database: Database, clock: () => Date, limits: TelemetryRateLimits, onError: (error: unknown) => void): TelemetryLimits {
  const store = limitStoreOf(database);
  return new TelemetryRateLimiter(store.kind === 'postgres' ? { kind: 'postgres', pool: reportingFailures(store.pool, clock, onError) } : store, limits);
}
