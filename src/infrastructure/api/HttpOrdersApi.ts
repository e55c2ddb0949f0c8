import type { Order, OrderPage, OrderQuery } from '../../../shared/Order';
import type { BulkOrder, BulkStatusAnswer } from '../../../shared/BulkStatus';
import type { NewOrder } from '../../../shared/NewOrder';
import type { OrderFacets } from '../../../shared/OrderFacets';
import type { OrderHistoryPage } from '../../../shared/OrderHistory';
import type { OrderPatchBody } from '../../../shared/OrderPatch';
import type { OrderStatus } from '../../../shared/OrderStatus';
import type { HttpClient } from '../../domain/ports/HttpClient';
import type { OrdersApi } from '../../domain/ports/OrdersApi';

/**
 * OrdersApi over the HttpClient: `GET /orders`, `GET /orders/{id}`, `PATCH /orders/{id}` with If-Match,
 * `POST /orders` with Idempotency-Key, `POST /orders/bulk-status`, `GET /orders/{id}/history`,
 * `GET /orders/facets`.
 */
export class HttpOrdersApi implements OrdersApi {
  constructor(private readonly http: HttpClient) {}

  list(query: OrderQuery): Promise<OrderPage> {
    return this.http.get<OrderPage>('/orders', { params: { ...query } });
  }

  get(id: string): Promise<Order> {
    return this.http.get<Order>(`/orders/${encodeURIComponent(id)}`);
  }

  update(id: string, version: number, change: OrderPatchBody): Promise<Order> {
    // `put` goes out as PATCH (HttpClient).
    return this.http.put<Order>(`/orders/${encodeURIComponent(id)}`, change, { headers: { 'If-Match': `"${version}"` } });
  }

  create(order: NewOrder, idempotencyKey: string): Promise<Order> {
    return this.http.post<Order>('/orders', order, { headers: { 'Idempotency-Key': idempotencyKey } });
  }

  bulkStatus(status: OrderStatus, orders: readonly BulkOrder[]): Promise<BulkStatusAnswer> {
    return this.http.post<BulkStatusAnswer>('/orders/bulk-status', { status, orders });
  }

  history(id: string, cursor?: string): Promise<OrderHistoryPage> {
    return this.http.get<OrderHistoryPage>(`/orders/${encodeURIComponent(id)}/history`, { params: { cursor } });
  }

  facets(): Promise<OrderFacets> {
    return this.http.get<OrderFacets>('/orders/facets');
  }
}
