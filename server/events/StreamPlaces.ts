import type { Queryable } from '../db/Database';

/** Open streams per token, on every process together: a console needs one per tab. */
export const DEFAULT_MAX_STREAMS_PER_TOKEN = 10;

/** The channel on which a stream displaced by another process is announced (`pg_notify`); the payload is the stream's id. */
export const DISPLACED_STREAMS_CHANNEL = 'displaced_streams';

/** The lease (`leases`) under which the places of the process `holder` count; renewed while it lives. */
export function streamPlacesLease(holder: string): string {
  return `event-streams ${holder}`;
}

/** A stream whose place a newer stream of its token took: its id and the process (holder) it is open on. */
export interface DisplacedStream {
  id: string;
  holder: string;
}

/**
 * The places of one process's event streams among the open streams of their tokens on every process
 * (`event_streams`, migration 018): taking one for a new stream deletes the places of its token's
 * streams beyond the newest `maxPerToken` and answers them; the caller ends those it has open, and
 * the other processes hear of theirs (`DISPLACED_STREAMS_CHANNEL`). The places count while this
 * process's lease (`streamPlacesLease`) holds.
 */
export class StreamPlaces {
  constructor(
    private readonly db: Queryable,
    /** This process among those on the database (cluster/processIdentity.ts). */
    readonly holder: string,
    readonly maxPerToken = DEFAULT_MAX_STREAMS_PER_TOKEN,
  ) {}

  /** Takes the place of stream `id` of the token `tokenId`; answers the streams it displaced, on any process. */
  async take(id: string, tokenId: string): Promise<DisplacedStream[]> {
    // Every opening of a stream sends it, always in this text.
    const rows = await this.db.query<{ id: string; holder: string }>(
      'SELECT displaced_id AS id, displaced_holder AS holder FROM event_stream_take($1, $2, $3, $4)',
      [id, tokenId, this.holder, this.maxPerToken],
      { prepared: true },
    );
    return rows.map((row) => ({ id: row.id, holder: row.holder }));
  }

  /** Gives the place of the stream `id` up (it ended). */
  async release(id: string): Promise<void> {
    await this.db.query('DELETE FROM event_streams WHERE id = $1', [id], { prepared: true });
  }

  /** Gives up every place of this process (it stops, or its lease lapsed and is taken anew). */
  async releaseAll(): Promise<void> {
    await this.db.query('DELETE FROM event_streams WHERE holder = $1', [this.holder]);
  }

  /** Which of the streams `ids` of this process still have their place. */
  async heldAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.query<{ id: string }>('SELECT id FROM event_streams WHERE id = ANY ($1::uuid[])', [ids]);
    return new Set(rows.map((row) => row.id));
  }
}

/**
 * Deletes the places of processes whose lease has run out (they died without giving them up) and
 * those leases themselves (housekeeping); answers how many places went.
 */
export async function sweepStreamPlaces(db: Queryable): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `WITH lapsed AS (DELETE FROM leases WHERE name LIKE 'event-streams %' AND expires_at <= clock_timestamp()),
          places AS (
            DELETE FROM event_streams s
             WHERE NOT EXISTS (SELECT 1 FROM leases l WHERE l.name = 'event-streams ' || s.holder AND l.expires_at > clock_timestamp())
            RETURNING 1)
     SELECT count(*) AS count FROM places`,
  );
  return Number(rows[0]?.count ?? 0);
}
