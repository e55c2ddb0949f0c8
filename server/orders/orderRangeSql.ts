/**
 * An order lasting longer than this is a long one (a long-term rental, a repair waiting weeks for
 * parts): few of a tenant's orders, kept in an index of their own (migration 016). Ordinary orders,
 * hours to days long, are not.
 */
export const LONG_ORDER = "interval '7 days'";

/** Whether an order (a row of `orders`) is a long one: the predicate of migration 016's index, word for word. */
export const IS_LONG = `end_at - begin_at > ${LONG_ORDER}`;

/** The name under which a statement reads the long orders of a range (`longOrdersTable`). */
export const LONG_ORDERS = 'long_orders';

/**
 * How far before a range's begin a scan by begin looks for the ordinary orders that overlap it: the
 * tenant's longest order (`order_tenant_bounds`, it only grows), but never more than `LONG_ORDER`.
 * One long order thus widens no page's scan beyond `LONG_ORDER`, however long it is (an order of a
 * century, stored before orders were bounded, or one of a year).
 */
function scanBack(tenant: string): string {
  return `least(coalesce((SELECT max_duration FROM order_tenant_bounds WHERE tenant_id = ${tenant}), ${LONG_ORDER}), ${LONG_ORDER})`;
}

/**
 * The orders ending at or after `begin` (a placeholder, the lower end of a range) fall into two
 * disjoint parts:
 * - those beginning at most `scanBack` before it, which a scan by begin reads from there: this
 *   condition bounds it;
 * - those beginning earlier, which last longer than `scanBack`, and so (every order up to
 *   `LONG_ORDER` being within it) longer than `LONG_ORDER`: see `longOrdersTable`.
 */
export function ordinaryOrdersBound(begin: string, tenant: string): string {
  return `begin_at >= ${begin} - ${scanBack(tenant)}`;
}

/**
 * The other part: the long orders of the tenant that overlap the range and begin before
 * `ordinaryOrdersBound`, as a table of the statement (`WITH`, named `LONG_ORDERS`). It is read
 * on its own, from the index of long orders, whatever else the statement asks (a station, a state, a
 * sort): the few rows it yields are then filtered and sorted as they are. `range` holds the range's
 * conditions (tenant, end and begin).
 */
export function longOrdersTable(range: readonly string[], begin: string, tenant: string): string {
  const conditions = [...range, `begin_at < ${begin} - ${scanBack(tenant)}`, IS_LONG];
  return `${LONG_ORDERS} AS MATERIALIZED (SELECT * FROM orders WHERE ${conditions.join(' AND ')})`;
}
