import { compareInstants } from './compareInstants';
import type { Order, OrderQuery } from '../../../shared/Order';

/**
 * Whether an order belongs to the list of `query`, by the backend's rules (docs/openapi.yaml): its
 * `[begin, end]` overlaps the range, its status is one of those asked (any when none), and the
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
  if (query.status && query.status.length > 0 && !query.status.includes(order.status)) {
    return false;
  }
  const q = query.q?.trim().toLowerCase();
  if (q) {
    return [order.number, order.vehicle.licensePlate, order.customer.name].some((text) => text.toLowerCase().includes(q));
  }
  return true;
}
