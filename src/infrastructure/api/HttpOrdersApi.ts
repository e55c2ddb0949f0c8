import type { OrderPage, OrderQuery } from '../../domain/model/Order';
import type { HttpClient } from '../../domain/ports/HttpClient';
import type { OrdersApi } from '../../domain/ports/OrdersApi';

/** OrdersApi over the HttpClient: `GET /orders`. */
export class HttpOrdersApi implements OrdersApi {
  constructor(private readonly http: HttpClient) {}

  list(query: OrderQuery): Promise<OrderPage> {
    return this.http.get<OrderPage>('/orders', { params: { ...query } });
  }
}
