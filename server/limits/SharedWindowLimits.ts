import type { Queryable } from '../db/Database';
import type { WindowLimit } from './SlidingWindowLimit';

/** One key of a shared sliding window: the limit's name (`login-account`), the key, and the limit. */
export interface SharedWindowKey {
  name: string;
  key: string;
  limit: WindowLimit;
}

/**
 * `SlidingWindowLimit` kept in the database (`rate_limit_windows`, migration 006), so that every
 * process on it counts the same events: the same windows (a key holds the times of its newest `max`
 * events), taken in one statement that checks and counts several keys at once, all or none. Times
 * are the callers' clock in epoch milliseconds.
 */
export class SharedWindowLimits {
  constructor(private readonly db: Queryable) {}

  /**
   * Counts one event at `now` for every key unless one of them has its `max` events in its window;
   * answers 0 when counted, otherwise the milliseconds until each may have one more (nothing counted).
   */
  async take(keys: readonly SharedWindowKey[], now: number): Promise<number> {
    const [row] = await this.db.query<{ wait: number }>(
      'SELECT rate_window_take($1::text[], $2::text[], $3::integer[], $4::bigint[], $5::bigint) AS wait',
      [keys.map((entry) => entry.name), keys.map((entry) => entry.key), keys.map((entry) => entry.limit.max), keys.map((entry) => entry.limit.windowMs), now],
    );
    return Number(row?.wait ?? 0);
  }

  /** Takes back one event counted at `time` for each key (the others of the key stay); with `reset`, forgets every event of those keys. */
  async withdraw(keys: readonly { name: string; key: string; time: number }[], reset: readonly { name: string; key: string }[] = []): Promise<void> {
    await this.db.query(
      `WITH reset AS (
         DELETE FROM rate_limit_windows w USING unnest($4::text[], $5::text[]) AS r(name, key) WHERE w.name = r.name AND w.key = r.key
       )
       UPDATE rate_limit_windows w
          SET times = w.times[:array_position(w.times, v.time) - 1] || w.times[array_position(w.times, v.time) + 1:]
         FROM unnest($1::text[], $2::text[], $3::bigint[]) AS v(name, key, time)
        WHERE w.name = v.name AND w.key = v.key AND v.time = ANY (w.times)
          AND (w.name, w.key) NOT IN (SELECT r.name, r.key FROM unnest($4::text[], $5::text[]) AS r(name, key))`,
      [
        keys.map((entry) => entry.name),
        keys.map((entry) => entry.key),
        keys.map((entry) => entry.time),
        reset.map((entry) => entry.name),
        reset.map((entry) => entry.key),
      ],
    );
  }
}

/** Deletes the windows and buckets that mean the same as none any more (housekeeping); answers how many. */
export async function sweepSharedLimits(db: Queryable, now: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `WITH windows AS (DELETE FROM rate_limit_windows WHERE expires_at <= $1::bigint RETURNING 1),
          buckets AS (DELETE FROM rate_limit_buckets WHERE expires_at <= $1::bigint RETURNING 1)
     SELECT (SELECT count(*) FROM windows) + (SELECT count(*) FROM buckets) AS count`,
    [now],
  );
  return Number(rows[0]?.count ?? 0);
}
