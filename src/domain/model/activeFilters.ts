import type { OrderCriteria } from './orderQuery';

/**
 * How many of the list's filters narrow it now: the status, the search, the stations, the services,
 * the price (either bound) and only double bookings, one each. The days always apply and the sort narrows nothing.
 */
export function activeFilterCount(criteria: OrderCriteria): number {
  return [
    criteria.status.length > 0,
    criteria.q.trim() !== '',
    criteria.stations.length > 0,
    criteria.services.length > 0,
    criteria.priceMin !== null || criteria.priceMax !== null,
    criteria.doubleBooked === true,
  ].filter(Boolean).length;
}
