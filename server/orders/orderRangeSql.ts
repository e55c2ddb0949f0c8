/**
 * How the list finds the orders that overlap a range from its begin on, by the length of the orders.
 * Ordinary orders last hours (a tyre change) to weeks (a rental car for a fortnight); a long one
 * lasts more than `LONG_ORDER` (a long-term rental of months), an overlong one more than an order
 * may last (`OVERLONG_ORDER`: stored before orders were bounded, shared/orderSpan.ts). Each kind is
 * read from where it may begin, the long and the overlong ones from an index of their own (migration
 * 016), so that no long order makes a page read back through the ordinary orders before its range.
 */

/** Longer than this, an order is a long one. */
export const LONG_ORDER = "interval '31 days'";

/** Longer than this, an order is an overlong one: `MAX_ORDER_DAYS` of shared/orderSpan.ts. */
export const OVERLONG_ORDER = "interval '366 days'";

/** Whether an order (a row of `orders`) is a long one: the predicate of migration 016's first index, word for word. */
export const IS_LONG = `end_at - begin_at > ${LONG_ORDER}`;

/** Whether an order is an overlong one: the predicate of migration 016's second index, word for word. */
export const IS_OVERLONG = `end_at - begin_at > ${OVERLONG_ORDER}`;

/** The name under which a statement reads the long and overlong orders of a range (`longOrdersTable`). */
export const LONG_ORDERS = 'long_orders';

/**
 * The instant `length` (an interval) before `instant`, exactly: the interval as seconds, since a day
 * taken from a `timestamptz` is a calendar day of the session's time zone, an hour short or long
 * across a change of summer time, where the length of an order counts days of 24 hours.
 */
function before(instant: string, length: string): string {
  return `${instant} - extract(epoch FROM ${length}) * interval '1 second'`;
}

/**
 * How far before a range's begin a scan by begin looks for the ordinary orders that overlap it: the
 * tenant's longest ordinary order (`order_tenant_bounds`, migration 016: it only grows, and no long
 * order counts), `LONG_ORDER` while none is known. A long order thus widens no page's scan.
 */
function scanBack(tenant: string): string {
  return `least(coalesce((SELECT max_duration FROM order_tenant_bounds WHERE tenant_id = ${tenant}), ${LONG_ORDER}), ${LONG_ORDER})`;
}

/**
 * The orders ending at or after `begin` (a placeholder, the lower end of a range) that begin at most
 * `scanBack` before it, which a scan by begin reads from there: this condition bounds the scan. Those
 * beginning earlier last longer than `scanBack`, so (every ordinary order being within it) longer
 * than `LONG_ORDER`: see `longOrdersTable`.
 */
export function ordinaryOrdersBound(begin: string, tenant: string): string {
  return `begin_at >= ${before(begin, scanBack(tenant))}`;
}

/**
 * The other orders of the range: the long ones that begin before `ordinaryOrdersBound`, at most
 * `OVERLONG_ORDER` before the range (from the index of long orders, within that time), and the
 * overlong ones that begin earlier still (from their own index, all of the tenant's, which no order
 * joins any more). A table of the statement (`WITH`, named `LONG_ORDERS`), read on its own whatever
 * else the statement asks (a station, a state, a sort): its few rows are then filtered and sorted as
 * they are. `range` holds the range's conditions (tenant, end and begin).
 */
export function longOrdersTable(range: readonly string[], begin: string, tenant: string): string {
  const yearBefore = before(begin, OVERLONG_ORDER);
  const long = [...range, `begin_at < ${before(begin, scanBack(tenant))}`, `begin_at >= ${yearBefore}`, IS_LONG];
  const overlong = [...range, `begin_at < ${yearBefore}`, IS_OVERLONG];
  const read = (conditions: string[]) => `SELECT * FROM orders WHERE ${conditions.join(' AND ')}`;
  return `${LONG_ORDERS} AS MATERIALIZED (${read(long)} UNION ALL ${read(overlong)})`;
}
