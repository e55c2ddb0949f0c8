import type { Order } from '../../shared/Order';
import { type FieldChange, HISTORY_FIELDS, type HistoryField, type OrderActor } from '../../shared/OrderHistory';
import type { SqlValue } from '../db/Database';

/** The system: demo data and imports (and the changes of tests and tools that name nobody). */
export const SYSTEM: OrderActor = { type: 'system' };

/** The stored form of a change's fields (migration 011): `{ "status": { "from": "new", "to": "confirmed" } }`. */
export type StoredChanges = Partial<Record<HistoryField, { from: string; to: string }>>;

/** The fields that differ between two versions of an order, as the history keeps them. */
export function fieldChanges(before: Order, after: Order): StoredChanges {
  const changes: StoredChanges = {};
  for (const field of HISTORY_FIELDS) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

/** The stored changes as the API lists them, in the order of `HISTORY_FIELDS`. */
export function listedChanges(stored: StoredChanges): FieldChange[] {
  return HISTORY_FIELDS.flatMap((field) => {
    const change = stored[field];
    return change ? [{ field, from: change.from, to: change.to }] : [];
  });
}

/** The `actor` and `changed_by` columns of a history row made by `by`. */
export function actorColumns(by: OrderActor): [SqlValue, SqlValue] {
  return [by.type, by.type === 'user' ? by.id : null];
}

