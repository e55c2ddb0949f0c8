import type { Order, OrderPage, OrderQuery } from '../../../shared/Order';
import type { BulkOrder, BulkStatusAnswer } from '../../../shared/BulkStatus';
import type { NewOrder } from '../../../shared/NewOrder';
import type { OrderFacets } from '../../../shared/OrderFacets';
import type { OrderHistoryPage } from '../../../shared/OrderHistory';
import type { OrderPatchBody } from '../../../shared/OrderPatch';
import type { OrderStatus } from '../../../shared/OrderStatus';

/** The backend's orders resource (`/api/orders`). */
export interface OrdersApi {
  list(query: OrderQuery): Promise<OrderPage>;
  get(id: string): Promise<Order>;
  /**
   * Changes an order the operator saw at `version` (sent as PATCH with `If-Match`). Rejects with
   * a 412 `ApiError` whose problem carries the current order under `current` when someone else
   * changed it first.
   */
  update(id: string, version: number, change: OrderPatchBody): Promise<Order>;
  /**
   * Creates an order (POST). `idempotencyKey` names the attempt: sent again with the same key and
   * body (a retry after a lost answer), the backend answers the order it made instead of a second.
   */
  create(order: NewOrder, idempotencyKey: string): Promise<Order>;
  /**
   * Moves the orders to `status`, each only while at the version given and where its life cycle
   * allows; answers per order what became of it.
   */
  bulkStatus(status: OrderStatus, orders: readonly BulkOrder[]): Promise<BulkStatusAnswer>;
  /** A page of the order's history, newest first; `cursor` from the previous page asks for older entries. */
  history(id: string, cursor?: string): Promise<OrderHistoryPage>;
  /** The stations and services the tenant's orders name (`GET /orders/facets`), to filter by. */
  facets(): Promise<OrderFacets>;
}

export const OrdersApi = Symbol('OrdersApi');
