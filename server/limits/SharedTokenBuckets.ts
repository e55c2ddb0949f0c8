import type { Queryable } from '../db/Database';

/** One shared bucket: its name (`telemetry-client`), key, and how many tokens it holds at most. */
export interface SharedBucketKey {
  name: string;
  key: string;
  capacity: number;
}

/**
 * Token buckets kept in the database (`rate_limit_buckets`, migration 006), so that every process
 * on it takes from the same buckets: refilled evenly over `windowMs`, a missing bucket is full. One
 * statement per take, over several buckets at once, all or none. Times are the callers' clock.
 */
export class SharedTokenBuckets {
  constructor(
    private readonly db: Queryable,
    private readonly windowMs: number,
  ) {}

  /** Takes a token from every bucket, or none when one holds less than one: answers 0, or the milliseconds until each holds one. */
  async take(buckets: readonly SharedBucketKey[], now: number): Promise<number> {
    const [row] = await this.db.query<{ wait: number }>(
      'SELECT rate_bucket_take($1::text[], $2::text[], $3::double precision[], $4::bigint, $5::bigint) AS wait',
      [buckets.map((bucket) => bucket.name), buckets.map((bucket) => bucket.key), buckets.map((bucket) => bucket.capacity), this.windowMs, now],
    );
    return Number(row?.wait ?? 0);
  }
}
