/**
 * An order lasting longer than this is a long one (a long-term rental, a repair waiting weeks for
 * parts): few of a tenant's orders, kept in an index of their own (migration 016). Ordinary orders,
 * hours to days long, are not.
 */
export const LONG_ORDER = "interval '7 days'";

/** Whether an order (a row of `orders`) is a long one: the predicate of migration 016's index, word for word. */
export const IS_LONG = `end_at - begin_at > ${LONG_ORDER}`;

/**
 * How far before a range's begin a scan by begin looks for the ordinary orders that overlap it: the
 * tenant's longest order (`order_tenant_bounds`, it only grows), but never more than `LONG_ORDER`.
 * One long order thus widens no page's scan beyond `LONG_ORDER`, however long it is (an order of
 * a century, stored before orders were bounded, or one of a year).
 */
function scanBack(tenant: string): string {
  return `least(coalesce((SELECT max_duration FROM order_tenant_bounds WHERE tenant_id = ${tenant}), ${LONG_ORDER}), ${LONG_ORDER})`;
}

/**
 * The orders ending at or after `begin` (a placeholder), the lower end of a range, as two disjoint
 * parts that a scan by begin can read each from where it starts:
 * - those beginning at most `scanBack` before it: read by begin from there, on the indexes by begin;
 * - those beginning earlier: they last longer than `scanBack`, so (every order up to `LONG_ORDER`
 *   being within it) longer than `LONG_ORDER`, and are read from the index of long orders.
 * The parts together hold every order ending at or after `begin`, each once. Answers the extra
 * conditions of each part.
 */
export function rangeParts(begin: string, tenant: string): string[][] {
  const from = `${begin} - ${scanBack(tenant)}`;
  return [[`begin_at >= ${from}`], [`begin_at < ${from}`, IS_LONG]];
}

