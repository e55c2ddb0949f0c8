import type { OrderStatus } from './OrderStatus';

/**
 * The body of `PATCH /api/orders/{id}` (docs/openapi.yaml, `OrderPatch`): the fields of an order to
 * change, each optional; `begin` and `end` as instants. The console sends it, the backend applies it.
 */
export interface OrderPatch {
  status?: OrderStatus;
  notes?: string;
  begin?: string;
  end?: string;
  station?: string;
}
