import { rangeInstants, type DayRange } from './DayRange';
import type { OrderQuery } from '../../../shared/Order';
import { sortParameter, type OrderSort } from './OrderSort';
import type { OrderStatus } from '../../../shared/OrderStatus';

/** What the operator asks the list for: days (persisted), statuses and search text (in the URL), sort. */
export interface OrderCriteria {
  status: readonly OrderStatus[];
  q: string;
  sort: OrderSort;
}

/** The API query of a range and criteria, without paging. */
export function orderQuery(range: DayRange, criteria: OrderCriteria): OrderQuery {
  const { begin, end } = rangeInstants(range);
  const query: OrderQuery = { begin, end, sort: sortParameter(criteria.sort) };
  if (criteria.status.length > 0) {
    query.status = [...criteria.status];
  }
  const q = criteria.q.trim();
  if (q) {
    query.q = q;
  }
  return query;
}
