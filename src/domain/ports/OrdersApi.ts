import type { Order, OrderPage, OrderQuery } from '../../../shared/Order';
import type { OrderPatch } from '../../../shared/OrderPatch';

/** The backend's orders resource (`/api/orders`). */
export interface OrdersApi {
  list(query: OrderQuery): Promise<OrderPage>;
  get(id: string): Promise<Order>;
  /**
   * Changes an order the operator saw at `version` (sent as PATCH with `If-Match`). Rejects with
   * a 412 `ApiError` whose problem carries the current order under `current` when someone else
   * changed it first.
   */
  update(id: string, version: number, change: OrderPatch): Promise<Order>;
}

export const OrdersApi = Symbol('OrdersApi');
