/**
 * What the orders list API (`GET /api/orders`, its export) takes, for every side that must keep to
 * it: the backend's list query, and the saved views that name a list (savedViewRules.ts).
 */

/** The sort orders of the order list; `-` in front means descending. */
export const ORDER_SORTS = ['begin', '-begin', 'number', '-number', 'status', '-status', 'price', '-price'] as const;

export type OrderSortName = (typeof ORDER_SORTS)[number];

export function isOrderSortName(value: unknown): value is OrderSortName {
  return typeof value === 'string' && (ORDER_SORTS as readonly string[]).includes(value);
}

/** The longest search text (`q`), in characters. */
export const MAX_SEARCH_LENGTH = 100;

/** The most stations (and services) one filter names, and the longest name, in characters. */
export const MAX_FILTER_NAMES = 50;
export const MAX_FILTER_NAME_LENGTH = 100;

/** The highest price bound of a filter, in cents (100 000 000,00). */
export const MAX_PRICE_BOUND = 10_000_000_000;
