import type { OrderActor } from '../../shared/OrderHistory';
import type { OrderPatch } from '../../shared/OrderPatch';
import type { Queryable } from '../db/Database';
import type { StoredEvent } from '../events/EventHub';
import { appendEvents } from '../events/EventLog';
import type { OrderChange } from '../events/OrderChange';
import { actorColumns, fieldChanges } from './orderHistoryChanges';
import { ORDER_COLUMNS, type OrderRecord, orderView } from './orderView';

/** One order's change for `updateMany`: applied only while the order is at `version`. */
export interface OrderUpdate {
  id: string;
  version: number;
  changes: OrderPatch;
}

/** The columns of `ORDER_COLUMNS`, of the orders table where an UPDATE joins another source. */
const RETURNED_COLUMNS = ORDER_COLUMNS.split(',')
  .map((name) => `o.${name.trim()}`)
  .join(', ');

/**
 * `updateMany` inside the transaction `tx`: the orders locked and read as they were (they go with the
 * events as `previous`), the changes applied where the versions match, their history entries and
 * events stored.
 */
export async function applyUpdates(
  tx: Queryable,
  tenantId: string,
  updates: readonly OrderUpdate[],
  now: Date,
  by: OrderActor,
  /** The orders as they are, locked in this transaction already (read here otherwise). */
  locked?: readonly OrderRecord[],
): Promise<OrderChange[]> {
  if (updates.length === 0) return [];
  const ids = updates.map((update) => update.id);
  const column = <T>(pick: (changes: OrderPatch) => T | undefined) => updates.map((update) => pick(update.changes) ?? null);
  // The orders as they were go with the events (`previous`): a console that does not hold one
  // can still tell whether it left its list. Locked (in id order), so that they are what the
  // changes replace.
  const before =
    locked ??
    (await tx.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`, [
      tenantId,
      ids,
    ]));
  // A field left out (null here) keeps its value; begin and end are stored to the millisecond.
  const rows = await tx.query<OrderRecord>(
    `UPDATE orders o SET
        status = coalesce(v.status, o.status),
        notes = coalesce(v.notes, o.notes),
        station = coalesce(v.station, o.station),
        begin_at = coalesce(date_trunc('milliseconds', v.begin_at), o.begin_at),
        end_at = coalesce(date_trunc('milliseconds', v.end_at), o.end_at),
        version = o.version + 1,
        updated_at = date_trunc('milliseconds', $2::timestamptz)
      FROM unnest($3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[])
        AS v(id, version, status, notes, station, begin_at, end_at)
      WHERE o.tenant_id = $1::uuid AND o.id = v.id AND o.version = v.version
      RETURNING ${RETURNED_COLUMNS}`,
    [
      tenantId,
      now.toISOString(),
      ids,
      updates.map((update) => update.version),
      column((changes) => changes.status),
      column((changes) => changes.notes),
      column((changes) => changes.station),
      column((changes) => changes.begin),
      column((changes) => changes.end),
    ],
  );
  if (rows.length === 0) {
    return [];
  }
  const after = new Map(rows.map((row) => [row.id, row]));
  const previous = new Map(before.map((row) => [row.id, row]));
  const applied = ids.flatMap((id) => {
    const row = after.get(id);
    const was = previous.get(id);
    return row && was ? [{ row, was }] : [];
  });
  const views = applied.map(({ row, was }) => ({ after: orderView(row), before: orderView(was) }));
  await tx.query(
    `INSERT INTO order_history (tenant_id, order_id, kind, actor, changed_by, changed_at, changes)
     SELECT $1::uuid, v.id, 'changed', $2::text, $3::uuid, $4::timestamptz, v.changes::jsonb FROM unnest($5::uuid[], $6::text[]) AS v(id, changes)`,
    [tenantId, ...actorColumns(by), now.toISOString(), views.map(({ after }) => after.id), views.map(({ before, after }) => JSON.stringify(fieldChanges(before, after)))],
  );
  // After the orders' rows: the tenant's event counter is locked only by writers that change something.
  // Counter, rows and notification in one statement: the lock is held only from there to the commit.
  const events = await appendEvents(
    tx,
    tenantId,
    views.map(({ after, before }) => ({ type: 'order.updated' as const, data: { ...after, previous: before, by } })),
    now,
  );
  return applied.map(({ row }, index) => ({ record: row, event: events[index] as StoredEvent }));
}

/** Keeps a creation or deletion of an order in its history. */
export async function recordHistory(tx: Queryable, tenantId: string, orderId: string, kind: 'created' | 'deleted', by: OrderActor, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO order_history (tenant_id, order_id, kind, actor, changed_by, changed_at) VALUES ($1::uuid, $2::uuid, $3, $4, $5::uuid, $6::timestamptz)`,
    [tenantId, orderId, kind, ...actorColumns(by), now.toISOString()],
  );
}
