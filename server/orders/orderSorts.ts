import type { OrderSortName } from '../../shared/orderListRules';

/** The sort orders of the order list (shared with the saved views); `-` in front means descending. */
export { ORDER_SORTS, type OrderSortName } from '../../shared/orderListRules';

export const DEFAULT_ORDER_SORT: OrderSortName = '-begin';

export type SortKeyType = 'timestamptz' | 'text' | 'bigint' | 'smallint' | 'uuid';

/** One column of a sort key, as the keyset cursor carries it. */
export interface SortKey {
  column: string;
  type: SortKeyType;
}

/**
 * A sort: its key columns, all in one direction, ending with `id` so that the order is total and a
 * keyset cursor (the key of the last row seen) points between two rows even when new rows arrive.
 */
export interface OrderSort {
  name: OrderSortName;
  descending: boolean;
  keys: readonly SortKey[];
}

const ID: SortKey = { column: 'id', type: 'uuid' };

const KEYS: Record<string, readonly SortKey[]> = {
  begin: [{ column: 'begin_at', type: 'timestamptz' }, ID],
  number: [{ column: 'number', type: 'text' }, ID],
  // By life cycle (new, confirmed, in progress, completed, cancelled), then by begin.
  status: [{ column: 'status_rank', type: 'smallint' }, { column: 'begin_at', type: 'timestamptz' }, ID],
  price: [{ column: 'price_amount', type: 'bigint' }, ID],
};

export function orderSort(name: OrderSortName): OrderSort {
  const descending = name.startsWith('-');
  return { name, descending, keys: KEYS[descending ? name.slice(1) : name] ?? [ID] };
}
