import { compareInstants } from './compareInstants';
import type { Order, OrderQuery } from '../../../shared/Order';

/** Whether `value` is one of `asked`; any value is when none is asked. */
function isOneOf<T>(value: T, asked: readonly T[] | undefined): boolean {
  return !asked || asked.length === 0 || asked.includes(value);
}

/**
 * Whether an order belongs to the list of `query`, by the backend's rules (docs/openapi.yaml): its
 * `[begin, end]` overlaps the range, its status, station and service are each one of those asked
 * (exactly; any when none), its price amount lies within the bounds (cents, both included), and the
 * search text occurs, ignoring case, in its number, licence plate or customer name.
 * Used to place live changes without asking the backend again.
 */
export function orderMatches(order: Order, query: OrderQuery): boolean {
  if (query.end !== undefined && compareInstants(order.begin, query.end) > 0) {
    return false;
  }
  if (query.begin !== undefined && compareInstants(order.end, query.begin) < 0) {
    return false;
  }
  if (!isOneOf(order.status, query.status) || !isOneOf(order.station, query.station) || !isOneOf(order.service, query.service)) {
    return false;
  }
  if ((query.priceMin !== undefined && order.price.amount < query.priceMin) || (query.priceMax !== undefined && order.price.amount > query.priceMax)) {
    return false;
  }
  const q = query.q?.trim().toLowerCase();
  if (q) {
    return [order.number, order.vehicle.licensePlate, order.customer.name].some((text) => text.toLowerCase().includes(q));
  }
  return true;
}
