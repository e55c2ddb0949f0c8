import type { Queryable } from '../db/Database';

/**
 * A lease in the `leases` table (migration 006): work that runs in one process at a time among all
 * processes on the database. `take` acquires it when it is free or has run out, or renews it for
 * its holder, in one statement; the database's clock decides, so the processes' clocks need not agree.
 */
export class Lease {
  constructor(
    private readonly db: Queryable,
    readonly name: string,
    /** Who holds it: unique per process (and per app, where tests run several in one). */
    readonly holder: string,
    readonly ttlMs: number,
  ) {}

  /** Acquires or renews the lease for `ttlMs`; answers whether this holder has it now. */
  async take(): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO leases AS l (name, holder, expires_at)
       VALUES ($1, $2, clock_timestamp() + $3::bigint * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE l.holder = EXCLUDED.holder OR l.expires_at <= clock_timestamp()
       RETURNING 1`,
      [this.name, this.holder, this.ttlMs],
    );
    return rows.length > 0;
  }

  /** Gives the lease up (when this holder has it), so that another process takes it at its next try. */
  async release(): Promise<void> {
    await this.db.query('DELETE FROM leases WHERE name = $1 AND holder = $2', [this.name, this.holder]);
  }

  /** The current holder, if the lease is held and has not run out (for tests and diagnostics). */
  static async holderOf(db: Queryable, name: string): Promise<string | undefined> {
    const [row] = await db.query<{ holder: string }>('SELECT holder FROM leases WHERE name = $1 AND expires_at > clock_timestamp()', [name]);
    return row?.holder;
  }
}
