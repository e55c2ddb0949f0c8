import type { OrderActor, OrderHistoryEntry } from '../../shared/OrderHistory';
import type { Database } from '../db/Database';
import { listedChanges, type StoredChanges } from './orderHistoryChanges';

interface HistoryRow {
  id: string;
  kind: 'created' | 'changed';
  actor: 'user' | 'simulator' | 'system';
  changed_by: string | null;
  user_name: string | null;
  changed_at: string | Date;
  changes: StoredChanges | string;
}

/** One page of an order's history, newest first; `more` when older entries follow. */
export interface HistorySlice {
  entries: OrderHistoryEntry[];
  more: boolean;
}

function actorOf(row: HistoryRow): OrderActor {
  if (row.actor === 'user' && row.changed_by !== null) return { type: 'user', id: row.changed_by, name: row.user_name ?? '' };
  return row.actor === 'simulator' ? { type: 'simulator' } : { type: 'system' };
}

function entryOf(row: HistoryRow): OrderHistoryEntry {
  const stored = typeof row.changes === 'string' ? (JSON.parse(row.changes) as StoredChanges) : row.changes;
  return { id: String(row.id), kind: row.kind, at: new Date(row.changed_at).toISOString(), by: actorOf(row), changes: listedChanges(stored) };
}

/** The history of the tenant's orders (migration 011), as `GET /api/orders/{id}/history` reads it. */
export class OrderHistoryRepository {
  constructor(private readonly db: Database) {}

  /**
   * The entries of an order older than the entry `before` (all when undefined), newest first, at most
   * `limit`; who made each with their name as it is now. An order made before the history was kept
   * has no entry of its creation: the last page ends with one at `createdAt`, by the system.
   */
  async page(tenantId: string, orderId: string, createdAt: string, limit: number, before?: number): Promise<HistorySlice> {
    const rows = await this.db.query<HistoryRow>(
      `SELECT h.id::text AS id, h.kind, h.actor, h.changed_by::text AS changed_by, u.name AS user_name, h.changed_at, h.changes
         FROM order_history h LEFT JOIN users u ON u.id = h.changed_by
        WHERE h.tenant_id = $1::uuid AND h.order_id = $2::uuid AND h.kind <> 'deleted' AND ($3::bigint IS NULL OR h.id < $3::bigint)
        ORDER BY h.id DESC
        LIMIT $4`,
      [tenantId, orderId, before ?? null, limit + 1],
      { prepared: true },
    );
    const more = rows.length > limit;
    const entries = rows.slice(0, limit).map(entryOf);
    if (!more && entries.at(-1)?.kind !== 'created') {
      entries.push({ id: 'created', kind: 'created', at: new Date(createdAt).toISOString(), by: { type: 'system' }, changes: [] });
    }
    return { entries, more };
  }
}
