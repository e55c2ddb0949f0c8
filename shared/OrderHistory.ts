/**
 * Who made a change of an order: a user of the tenant (with their name as it is now), the demo
 * simulator, or the system (demo data, imports: orders made before their history was kept).
 */
export type OrderActor = { type: 'user'; id: string; name: string } | { type: 'simulator' } | { type: 'system' };

/** The fields of an order whose changes the history names (an order's editable fields). */
export const HISTORY_FIELDS = ['status', 'begin', 'end', 'station', 'notes'] as const;

export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** One changed field: its value before and after, as the API shows it (instants as RFC 3339). */
export interface FieldChange {
  field: HistoryField;
  from: string;
  to: string;
}

/** One entry of an order's history (`GET /api/orders/{id}/history`). */
export interface OrderHistoryEntry {
  id: string;
  kind: 'created' | 'changed';
  at: string;
  by: OrderActor;
  /** For `changed`: the fields that changed, in the order of `HISTORY_FIELDS`; empty for `created`. */
  changes: FieldChange[];
}

/** One page of an order's history, newest first; `nextCursor` asks for the older entries. */
export interface OrderHistoryPage {
  items: OrderHistoryEntry[];
  nextCursor: string | null;
}
