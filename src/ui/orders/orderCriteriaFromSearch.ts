import type { OrderCriteria } from '../../domain/model/orderQuery';
import { parseSortParameter } from '../../domain/model/OrderSort';
import { isOrderStatus } from '../../../shared/OrderStatus';

/** Euros with at most two decimals, as the URL writes a price bound (`priceMin=49.5`). */
const EUROS = /^\d{1,8}(\.\d{1,2})?$/;

/** A price bound of the URL in cents, or null when absent or not an amount. */
export function centsFromSearch(value: string | null): number | null {
  return value !== null && EUROS.test(value) ? Math.round(Number(value) * 100) : null;
}

/**
 * The criteria as a URL's search holds them (`?status=new&q=…&station=Berlin&service=…&priceMin=50&priceMax=200&doubleBooked=true&sort=-begin`;
 * prices in euros). Anything that is not a criterion is ignored; a price range whose bounds are reversed is dropped.
 */
export function orderCriteriaFromSearch(search: string): OrderCriteria {
  const params = new URLSearchParams(search);
  const values = (name: string) => [...new Set(params.getAll(name).filter((value) => value !== ''))];
  let priceMin = centsFromSearch(params.get('priceMin'));
  let priceMax = centsFromSearch(params.get('priceMax'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) {
    priceMin = priceMax = null;
  }
  return {
    status: params.getAll('status').filter(isOrderStatus),
    q: params.get('q') ?? '',
    stations: values('station'),
    services: values('service'),
    priceMin,
    priceMax,
    ...(params.get('doubleBooked') === 'true' ? { doubleBooked: true } : {}),
    sort: parseSortParameter(params.get('sort')),
  };
}
