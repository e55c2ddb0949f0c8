import type { Order } from './Order';
import type { OrderStatus } from './OrderStatus';

/** One order of `POST /api/orders/bulk-status`: its id and the version the operator saw. */
export interface BulkOrder {
  id: string;
  version: number;
}

/** What became of one order of a bulk move (docs/openapi.yaml). */
export interface BulkStatusResult {
  id: string;
  outcome: 'changed' | 'unchanged' | 'refused';
  /** For a refusal: why (the order is gone, changed since the version given, or may not move there). */
  reason?: 'not-found' | 'changed-elsewhere' | 'not-allowed';
  /** For a refusal: the reason in the request's language. */
  message?: string;
  /** The order as it is now (changed: after the move), unless it is gone. */
  order?: Order;
}

/** The answer of `POST /api/orders/bulk-status`: per order, in the order asked. */
export interface BulkStatusAnswer {
  status: OrderStatus;
  results: BulkStatusResult[];
}
