import type { Order } from '../../../shared/Order';

/** A change to replay on rows that were being fetched while it arrived. */
export type PendingChange = { kind: 'upsert'; order: Order } | { kind: 'remove'; id: string };

/**
 * One page of the list: a range of rows in the list's sort order, between the `upper` row of the
 * page before (exclusive, reached by `cursor`) and its own `upper` row (inclusive). The range is
 * fixed when the page is first loaded; live changes then add rows to it or take rows from it, so
 * `count` may grow or shrink, and the page is fetched again as that range when it comes back into view.
 */
export interface PageSlot {
  /** Fetches the rows after the page before; null for the first page. */
  cursor: string | null;
  /** The rows, while the page is near the screen; null when dropped or not loaded yet. */
  items: readonly Order[] | null;
  loading: boolean;
  /** Rows in the range; null until the page was loaded once. */
  count: number | null;
  /** The last row of the range; null when the range is open (the last page), or not loaded yet. */
  upper: Order | null;
  /** Changes that arrived while the page was being fetched. */
  pending: readonly PendingChange[];
}

export function emptySlot(cursor: string | null): PageSlot {
  return { cursor, items: null, loading: false, count: null, upper: null, pending: [] };
}

/** `items` with `order` put at its place by `compare` (its older copy removed). */
export function insertSorted(items: readonly Order[], order: Order, compare: (a: Order, b: Order) => number): Order[] {
  const rest = items.filter((item) => item.id !== order.id);
  let low = 0;
  let high = rest.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(rest[middle] as Order, order) < 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  rest.splice(low, 0, order);
  return rest;
}

/**
 * Applies changes that crossed a page's request to its answer. Each is idempotent: the answer may
 * already show it. Upserts beyond the page's `upper` row belong to a later page and are left out.
 */
export function replayChanges(
  items: readonly Order[],
  changes: readonly PendingChange[],
  upper: Order | null,
  compare: (a: Order, b: Order) => number,
): readonly Order[] {
  let result = items;
  for (const change of changes) {
    if (change.kind === 'remove') {
      result = result.filter((item) => item.id !== change.id);
      continue;
    }
    const existing = result.find((item) => item.id === change.order.id);
    if (existing && existing.version >= change.order.version) {
      continue;
    }
    result = upper && compare(change.order, upper) > 0 ? result.filter((item) => item.id !== change.order.id) : insertSorted(result, change.order, compare);
  }
  return result;
}
