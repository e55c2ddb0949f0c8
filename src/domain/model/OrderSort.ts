/** The sorts the list offers (the API knows these and their descending forms). */
export const ORDER_SORT_KEYS = ['begin', 'number', 'status', 'price'] as const;

export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

export interface OrderSort {
  key: OrderSortKey;
  descending: boolean;
}

export const DEFAULT_ORDER_SORT: OrderSort = { key: 'begin', descending: false };

/** The API's `sort` parameter: `begin`, `-begin`, … */
export function sortParameter(sort: OrderSort): string {
  return `${sort.descending ? '-' : ''}${sort.key}`;
}

/** Reads a `sort` parameter back; anything unknown gives the default. */
export function parseSortParameter(value: string | null | undefined): OrderSort {
  const descending = value?.startsWith('-') ?? false;
  const key = descending ? value?.slice(1) : value;
  return (ORDER_SORT_KEYS as readonly string[]).includes(key ?? '') ? { key: key as OrderSortKey, descending } : DEFAULT_ORDER_SORT;
}
