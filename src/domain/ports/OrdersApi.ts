import type { OrderPage, OrderQuery } from '../model/Order';

/** The backend's orders resource (`/api/orders`). Read-only for now. */
export interface OrdersApi {
  list(query: OrderQuery): Promise<OrderPage>;
}

export const OrdersApi = Symbol('OrdersApi');
