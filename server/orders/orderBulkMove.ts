import type { OrderActor } from '../../shared/OrderHistory';
import { canTransition, type OrderStatus } from '../../shared/OrderStatus';
import type { Queryable } from '../db/Database';
import type { OrderChange } from '../events/OrderChange';
import { applyUpdates } from './orderUpdates';
import { ORDER_COLUMNS, type OrderRecord } from './orderView';

/** What became of one order of a bulk move: moved, already there, or refused (gone, changed since, not allowed). */
export interface BulkOutcome {
  id: string;
  outcome: 'changed' | 'unchanged' | 'not-found' | 'stale' | 'not-allowed';
  /** The order as it was when the move was decided (before it, for a changed one). */
  current?: OrderRecord;
}

/** A bulk move's outcomes in the order asked, and the changes with their events (published once committed). */
export interface BulkMove {
  outcomes: BulkOutcome[];
  changes: OrderChange[];
}

/**
 * Moves each of `orders` to `status` inside the transaction `tx`, each on its own terms: only while it
 * is at the version given and may move there (shared/OrderStatus.ts); an order already in `status`
 * is left as it is. The orders are locked first (in id order), so what is decided is what is
 * changed; every order is changed whole or not at all, with its event and history entry (by `by`).
 * Answers, per order in the order given, what became of it, and the changes with their events.
 */
export async function moveOrders(
  tx: Queryable,
  tenantId: string,
  orders: readonly { id: string; version: number }[],
  status: OrderStatus,
  now: Date,
  by: OrderActor,
): Promise<BulkMove> {
  const rows = await tx.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`, [
    tenantId,
    orders.map((order) => order.id),
  ]);
  const current = new Map(rows.map((row) => [row.id, row]));
  const outcomes: BulkOutcome[] = orders.map(({ id, version }) => {
    const row = current.get(id);
    if (!row) return { id, outcome: 'not-found' };
    if (row.version !== version) return { id, outcome: 'stale', current: row };
    if (row.status === status) return { id, outcome: 'unchanged', current: row };
    if (!canTransition(row.status, status)) return { id, outcome: 'not-allowed', current: row };
    return { id, outcome: 'changed', current: row };
  });
  const moving = outcomes.flatMap(({ id, outcome, current: row }) => (outcome === 'changed' && row ? [{ id, version: row.version, changes: { status } }] : []));
  const changes: OrderChange[] = await applyUpdates(tx, tenantId, moving, now, by, rows);
  return { outcomes, changes };
}
