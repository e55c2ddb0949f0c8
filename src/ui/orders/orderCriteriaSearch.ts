import type { OrderCriteria } from '../../domain/model/orderQuery';
import { DEFAULT_ORDER_SORT, sortParameter } from '../../domain/model/OrderSort';

/** Cents as the URL writes a price bound: euros, decimals only when there are cents (`4950` → `49.5`). */
export function eurosForSearch(cents: number): string {
  return String(cents / 100);
}

/** The URL search of `criteria`, as `orderCriteriaFromSearch` reads it back; defaults are left out. */
export function orderCriteriaSearch(criteria: OrderCriteria): URLSearchParams {
  const search = new URLSearchParams();
  criteria.status.forEach((status) => search.append('status', status));
  if (criteria.q.trim()) {
    search.set('q', criteria.q.trim());
  }
  criteria.stations.forEach((station) => search.append('station', station));
  criteria.services.forEach((service) => search.append('service', service));
  if (criteria.priceMin !== null) {
    search.set('priceMin', eurosForSearch(criteria.priceMin));
  }
  if (criteria.priceMax !== null) {
    search.set('priceMax', eurosForSearch(criteria.priceMax));
  }
  if (criteria.doubleBooked) {
    search.set('doubleBooked', 'true');
  }
  if (sortParameter(criteria.sort) !== sortParameter(DEFAULT_ORDER_SORT)) {
    search.set('sort', sortParameter(criteria.sort));
  }
  return search;
}
