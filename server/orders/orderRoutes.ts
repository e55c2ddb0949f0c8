import type { FastifyInstance } from 'fastify';
import type { OrderPage } from '../../src/domain/model/Order';
import { principalOf } from '../auth/authentication';
import { requestLocale } from '../http/locale';
import { encodeCursor } from './orderCursor';
import { orderListCriteria, type OrderListQuery, orderListQuerySchema } from './orderListQuery';
import type { OrderRepository } from './OrderRepository';
import { orderView } from './orderView';

/** `GET /api/orders`: one page of the tenant's orders. Register behind authentication. */
export function registerOrderRoutes(app: FastifyInstance, deps: { orders: OrderRepository }): void {
  app.get<{ Querystring: OrderListQuery }>('/api/orders', { schema: { querystring: orderListQuerySchema } }, async (request, reply): Promise<OrderPage> => {
    const criteria = orderListCriteria(principalOf(request).tenantId, request.query, requestLocale(request));
    const slice = await deps.orders.list(criteria);
    const last = slice.records[slice.records.length - 1];
    const nextCursor =
      slice.more && last
        ? encodeCursor(
            criteria.sort,
            criteria.sort.keys.map((key) => last[key.column as keyof typeof last] as string | number),
          )
        : null;
    reply.header('cache-control', 'no-store');
    return { items: slice.records.map(orderView), nextCursor, total: slice.total };
  });
}
