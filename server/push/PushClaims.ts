import type { Queryable } from '../db/Database';
import type { OrderEventType, StoredEvent } from '../events/EventHub';

/**
 * Who sends the web push of an event (`push_claims`, migration 006): every backend process hears
 * every `order.created`, and the one whose claim is stored first sends it. A claim holds until
 * `claimed_until` unless marked done; one whose process died before it was done is taken over by
 * another process after that. Times are the database's clock.
 */
export class PushClaims {
  constructor(
    private readonly db: Queryable,
    /** This process (unique among those on the database). */
    readonly holder: string,
    /** How long a claim holds before another process may take it over. */
    readonly timeoutMs: number,
  ) {}

  /** Claims the event for this process; answers whether it is ours to send (false: another process has it). */
  async claim(tenantId: string, eventId: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO push_claims (tenant_id, event_id, claimed_by, claimed_at, claimed_until)
       VALUES ($1::uuid, $2::bigint, $3, clock_timestamp(), clock_timestamp() + $4::bigint * interval '1 millisecond')
       ON CONFLICT (tenant_id, event_id) DO NOTHING
       RETURNING 1`,
      [tenantId, eventId, this.holder, this.timeoutMs],
    );
    return rows.length > 0;
  }

  /** The event's pushes are out (or given up): nobody takes the claim over. */
  async done(tenantId: string, eventId: number): Promise<void> {
    await this.db.query(
      `UPDATE push_claims SET done_at = clock_timestamp() WHERE tenant_id = $1::uuid AND event_id = $2::bigint AND claimed_by = $3`,
      [tenantId, eventId, this.holder],
    );
  }

  /**
   * Takes over claims that ran out undone (their process died or stopped while sending), made less
   * than `maxAgeMs` ago, at most `limit`; answers their events (a claim whose event was pruned is
   * left). Several processes may do this at once: each claim goes to one of them.
   */
  async takeOverAbandoned(maxAgeMs: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.db.query<{ tenant_id: string; id: number; type: OrderEventType; data: string }>(
      `UPDATE push_claims c
          SET claimed_by = $1, claimed_until = clock_timestamp() + $2::bigint * interval '1 millisecond'
         FROM (SELECT tenant_id, event_id FROM push_claims
                WHERE done_at IS NULL AND claimed_until < clock_timestamp()
                  AND claimed_at > clock_timestamp() - $3::bigint * interval '1 millisecond'
                ORDER BY claimed_until LIMIT $4
                  FOR UPDATE SKIP LOCKED) AS open, order_events e
        WHERE c.tenant_id = open.tenant_id AND c.event_id = open.event_id AND e.tenant_id = c.tenant_id AND e.id = c.event_id
        RETURNING c.tenant_id, e.id, e.type, e.data`,
      [this.holder, this.timeoutMs, maxAgeMs, limit],
    );
    return rows.map((row) => ({ tenantId: row.tenant_id, id: Number(row.id), type: row.type, data: row.data }));
  }

  /** This process stops: its claims not done run out now, for another process to take over at once. */
  async abandonOwn(): Promise<void> {
    await this.db.query(`UPDATE push_claims SET claimed_until = clock_timestamp() WHERE claimed_by = $1 AND done_at IS NULL`, [this.holder]);
  }

  /** Deletes the claims made before `maxAgeMs` ago (housekeeping). */
  async purge(maxAgeMs: number): Promise<number> {
    const rows = await this.db.query(`DELETE FROM push_claims WHERE claimed_at < clock_timestamp() - $1::bigint * interval '1 millisecond' RETURNING 1`, [
      maxAgeMs,
    ]);
    return rows.length;
  }
}
