import type { FastifyInstance } from 'fastify';
import type { OrderHistoryPage } from '../../shared/OrderHistory';
import { principalOf } from '../auth/authentication';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import { isUuid } from '../http/uuid';
import { orderNotFound } from './orderAnswers';
import type { OrderHistoryRepository } from './OrderHistoryRepository';
import type { OrderRepository } from './OrderRepository';

interface HistoryQuery {
  /** The contract's default when the request names none. */
  limit: number;
  cursor?: string;
}

/** A cursor is the id of the last entry of the previous page. */
const CURSOR = /^[1-9]\d{0,17}$/;

/**
 * `GET /api/orders/{id}/history`: the order's history, newest first, page by page (`cursor` from
 * the previous page's `nextCursor`); any signed-in user of the order's tenant may read it. Each entry
 * says who (a user by their name now, the simulator, the system), when and, for a change, each
 * field's old and new value. The creation is the last entry.
 */
export function registerOrderHistoryRoute(app: FastifyInstance, deps: { orders: OrderRepository; history: OrderHistoryRepository }): void {
  app.get<{ Params: { id: string }; Querystring: HistoryQuery }>(
    '/api/orders/:id/history',
    async (request, reply): Promise<OrderHistoryPage> => {
      const { tenantId } = principalOf(request);
      const { id } = request.params;
      const { limit, cursor } = request.query;
      if (cursor !== undefined && !CURSOR.test(cursor)) {
        throw new ProblemError('validation', { errors: [fieldError('cursor', 'cursor', requestLocale(request))] });
      }
      const order = isUuid(id) ? await deps.orders.find(tenantId, id) : undefined;
      if (!order) throw orderNotFound();
      const slice = await deps.history.page(tenantId, id, order.created_at, limit, cursor === undefined ? undefined : Number(cursor));
      reply.header('cache-control', 'no-store');
      const last = slice.entries.at(-1);
      return { items: slice.entries, nextCursor: slice.more && last ? last.id : null };
    },
  );
}
