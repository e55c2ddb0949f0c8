import type { FastifyInstance } from 'fastify';
import type { BulkOrder, BulkStatusAnswer, BulkStatusResult } from '../../shared/BulkStatus';
import { isOrderStatus, nextStatuses, ORDER_STATUSES } from '../../shared/OrderStatus';
import { principalOf } from '../auth/authentication';
import { fieldError, transitionError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import { isUuid } from '../http/uuid';
import type { OrderRepository } from './OrderRepository';
import { orderView } from './orderView';

interface BulkBody {
  status: string;
  orders: BulkOrder[];
}


/**
 * `POST /api/orders/bulk-status` (an operator's): moves up to 1 000 orders of the tenant to one
 * status in one request, each under its own precondition (the version the operator saw) and the
 * rules of the life cycle; each is moved whole or not at all, and the answer says per order (in the
 * order asked) what became of it: `changed`, `unchanged` (it was there already) or `refused` with
 * the reason and the order as it is now. The moved orders' events are published once committed (by
 * the repository).
 */
export function registerOrderBulkRoute(app: FastifyInstance, deps: { orders: OrderRepository; clock: () => Date }): void {
  app.post<{ Body: BulkBody }>(
    '/api/orders/bulk-status',
    { config: { role: 'operator' } },
    async (request, reply): Promise<BulkStatusAnswer> => {
      const principal = principalOf(request);
      const locale = requestLocale(request);
      const { status, orders } = request.body;
      const errors = [];
      if (!isOrderStatus(status)) errors.push(fieldError('status', 'enum', locale, ORDER_STATUSES.join(', ')));
      if (new Set(orders.map((order) => order.id)).size !== orders.length) errors.push(fieldError('orders', 'distinctOrders', locale));
      if (errors.length > 0 || !isOrderStatus(status)) throw new ProblemError('invalid-value', { errors });

      // An id that is no UUID names no order: refused as not found, without asking the database.
      const known = orders.filter((order) => isUuid(order.id));
      const move = await deps.orders.moveMany(principal.tenantId, known, status, deps.clock(), { type: 'user', id: principal.userId, name: principal.name });

      const changed = new Map(move.changes.map((change) => [change.record.id, change.record]));
      const outcomes = new Map(move.outcomes.map((outcome) => [outcome.id, outcome]));
      const results = orders.map(({ id }): BulkStatusResult => {
        const outcome = outcomes.get(id);
        const moved = changed.get(id);
        if (moved) return { id, outcome: 'changed', order: orderView(moved) };
        const current = outcome?.current;
        switch (outcome?.outcome) {
          case 'unchanged':
            return { id, outcome: 'unchanged', ...(current ? { order: orderView(current) } : {}) };
          case 'not-allowed':
            return {
              id,
              outcome: 'refused',
              reason: 'not-allowed',
              message: transitionError(current?.status ?? '', status, current ? nextStatuses(current.status) : [], locale).message,
              ...(current ? { order: orderView(current) } : {}),
            };
          case 'stale':
          case 'changed':
            // Changed since the version given (`changed` without a move: it changed between the lock and the update, which the lock rules out).
            return { id, outcome: 'refused', reason: 'changed-elsewhere', message: fieldError('version', 'changedElsewhere', locale).message, ...(current ? { order: orderView(current) } : {}) };
          default:
            return { id, outcome: 'refused', reason: 'not-found', message: fieldError('id', 'orderGone', locale).message };
        }
      });
      reply.header('cache-control', 'no-store');
      return { status, results };
    },
  );
}
