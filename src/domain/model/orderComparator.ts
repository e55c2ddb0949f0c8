import { compareInstants } from './compareInstants';
import type { Order } from '../../../shared/Order';
import type { OrderSort } from './OrderSort';
import { ORDER_STATUSES } from '../../../shared/OrderStatus';

type Comparison = (a: Order, b: Order) => number;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const byId: Comparison = (a, b) => compareText(a.id, b.id);
const byBegin: Comparison = (a, b) => compareInstants(a.begin, b.begin);
const byStatus: Comparison = (a, b) => ORDER_STATUSES.indexOf(a.status) - ORDER_STATUSES.indexOf(b.status);

/** The backend's key columns per sort (server/orders/orderSorts.ts), always ending with the id. */
const KEYS: Record<OrderSort['key'], readonly Comparison[]> = {
  begin: [byBegin, byId],
  number: [(a, b) => compareText(a.number, b.number), byId],
  status: [byStatus, byBegin, byId],
  price: [(a, b) => a.price.amount - b.price.amount, byId],
};

/**
 * The order of the list for `sort`, the same total order the backend's keyset pages follow, so
 * that a live change can be put where the next page load would show it. Order numbers compare
 * by code unit: they share one format (`AN-000123`), where that equals the database's order.
 */
export function orderComparator(sort: OrderSort): Comparison {
  const keys = KEYS[sort.key];
  const direction = sort.descending ? -1 : 1;
  return (a, b) => {
    for (const key of keys) {
      const result = key(a, b);
      if (result !== 0) {
        return direction * Math.sign(result);
      }
    }
    return 0;
  };
}
