import { rangeInstants, type DayRange } from './DayRange';
import type { OrderQuery } from '../../../shared/Order';
import { DEFAULT_ORDER_SORT, sortParameter, type OrderSort } from './OrderSort';
import type { OrderStatus } from '../../../shared/OrderStatus';

/**
 * What the operator asks the list for besides the days (which are kept across reloads): statuses,
 * search text, stations, services, a price range, only double bookings (all in the URL) and the sort.
 */
export interface OrderCriteria {
  status: readonly OrderStatus[];
  q: string;
  /** Any of these stations; none means any. */
  stations: readonly string[];
  /** Any of these services; none means any. */
  services: readonly string[];
  /** Price bounds in cents, inclusive; null for none. */
  priceMin: number | null;
  priceMax: number | null;
  /** Only orders whose vehicle is booked twice (absent: all). */
  doubleBooked?: boolean;
  sort: OrderSort;
}

/** Every order of the days, in the default sort. */
export const NO_ORDER_CRITERIA: OrderCriteria = {
  status: [],
  q: '',
  stations: [],
  services: [],
  priceMin: null,
  priceMax: null,
  sort: DEFAULT_ORDER_SORT,
};

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
  if (criteria.stations.length > 0) {
    query.station = [...criteria.stations];
  }
  if (criteria.services.length > 0) {
    query.service = [...criteria.services];
  }
  if (criteria.priceMin !== null) {
    query.priceMin = criteria.priceMin;
  }
  if (criteria.priceMax !== null) {
    query.priceMax = criteria.priceMax;
  }
  if (criteria.doubleBooked) {
    query.doubleBooked = true;
  }
  return query;
}
