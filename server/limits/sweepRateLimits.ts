import type { Queryable } from '../db/Database';
import { RATE_LIMITS_TABLE } from './rateLimiter';

/** Deletes the rows of `rate_limits` whose window has ended at `now` (they mean the same as none; housekeeping); answers how many. */
export async function sweepRateLimits(db: Queryable, now: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `WITH swept AS (DELETE FROM ${RATE_LIMITS_TABLE} WHERE expire <= $1::bigint RETURNING 1) SELECT count(*) AS count FROM swept`,
    [now],
  );
  return Number(rows[0]?.count ?? 0);
}
