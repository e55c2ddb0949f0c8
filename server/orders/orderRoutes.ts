import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Order, OrderPage } from '../../shared/Order';
import type { OrderFacets } from '../../shared/OrderFacets';
import { principalOf } from '../auth/authentication';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import { encodeCursor } from './orderCursor';
import { registerOrderExportRoutes } from './orderExportRoutes';
import { cursorFilter, orderListCriteria, type OrderListQuery } from './orderListQuery';
import { checkOrderPatch, type ReceivedOrderPatch } from './orderPatch';
import type { OrderRepository } from './OrderRepository';
import { KnownOrders } from './KnownOrders';
import type { OrderPatch } from '../../shared/OrderPatch';
import { type OrderRecord, orderView } from './orderView';
import { isUuid } from '../http/uuid';
import { entityTag, orderNotFound as notFound, sendOrder } from './orderAnswers';
import { DoubleBookingRefused } from './doubleBookings';
import { doubleBookingProblem } from './doubleBookingRoute';

const STRONG_ETAG = /^"(\d{1,9})"$/;
const WEAK_ETAG = /^W\/"\d{1,9}"$/;

export interface OrderRoutesDeps {
  /** The orders; a change is announced to the live event streams by the repository once committed. */
  orders: OrderRepository;
  clock: () => Date;
}

/**
 * The version `If-Match` asks for. Missing (or `*`, which would not protect against lost updates):
 * 428. A weak tag never matches (If-Match compares strongly): -1, answered with 412. Anything else: 400.
 */
function expectedVersion(request: FastifyRequest): number {
  const header = request.headers['if-match'];
  const value = (Array.isArray(header) ? header.join(',') : header)?.trim();
  if (!value || value === '*') {
    throw new ProblemError('precondition-required');
  }
  const strong = STRONG_ETAG.exec(value);
  if (strong) {
    return Number(strong[1]);
  }
  if (WEAK_ETAG.test(value)) {
    return -1;
  }
  throw new ProblemError('validation', { errors: [fieldError('If-Match', 'entityTag', requestLocale(request))] });
}

function staleVersion(current: OrderRecord): ProblemError {
  return new ProblemError('precondition-failed', {
    extensions: { current: orderView(current) },
    headers: { etag: entityTag(current) },
  });
}

/**
 * The orders resource, behind authentication; every call sees only the orders of the token's tenant
 * (another tenant's order is 404, never 403):
 * - `GET /api/orders`: one page (keyset cursor); `total` is counted for the first page and carried
 *   in the cursor, so it is the count as of the first page.
 * - `GET /api/orders/export.csv`: every order of the same filter as CSV, streamed in batches;
 *   `POST /api/orders/export.csv` the chosen ones (orderExportRoutes.ts).
 * - `GET /api/orders/facets`: the tenant's stations and services, for the filter to offer.
 * - `GET /api/orders/{id}`: one order with `ETag: "<version>"`.
 * - `PATCH /api/orders/{id}`: a change under `If-Match: "<version>"`, announced as `order.updated`;
 *   a change of times that would double-book the vehicle is a 409 unless `confirmDoubleBooking`.
 */
export function registerOrderRoutes(app: FastifyInstance, deps: OrderRoutesDeps): void {
  app.get<{ Querystring: OrderListQuery }>('/api/orders', async (request, reply): Promise<OrderPage> => {
    const { criteria, cursorTotal } = orderListCriteria(principalOf(request).tenantId, request.query, requestLocale(request));
    const slice = await deps.orders.list(criteria, { count: cursorTotal === undefined });
    const total = cursorTotal ?? slice.total ?? 0;
    const nextCursor =
      slice.more && slice.lastKey ? encodeCursor(criteria.sort, cursorFilter(criteria), { key: slice.lastKey, total }) : null;
    reply.header('cache-control', 'no-store');
    return { items: slice.records.map(orderView), nextCursor, total, ...(slice.lastEventId === undefined ? {} : { lastEventId: slice.lastEventId }) };
  });

  registerOrderExportRoutes(app, deps);

  app.get('/api/orders/facets', async (request, reply): Promise<OrderFacets> => {
    const facets = await deps.orders.facets(principalOf(request).tenantId);
    // Read from a small table (migration 014), so asked afresh each time: a station just entered is offered at once.
    reply.header('cache-control', 'no-store');
    return facets;
  });

  const known = new KnownOrders();

  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request, reply): Promise<Order> => {
    const { id } = request.params;
    const { tenantId } = principalOf(request);
    const record = isUuid(id) ? await deps.orders.find(tenantId, id) : undefined;
    if (!record) {
      throw notFound();
    }
    known.remember(tenantId, record);
    return sendOrder(reply, record);
  });

  app.patch<{ Params: { id: string }; Body: ReceivedOrderPatch }>(
    '/api/orders/:id',
    // Changing an order is an operator's (a viewer only reads): auth/authorization.ts.
    { config: { role: 'operator' } },
    async (request, reply): Promise<Order> => {
      const principal = principalOf(request);
      const { tenantId } = principal;
      const { id } = request.params;
      const locale = requestLocale(request);
      const version = expectedVersion(request);
      if (!isUuid(id)) {
        throw notFound();
      }
      const by = { type: 'user', id: principal.userId, name: principal.name } as const;
      const confirmDoubleBooking = request.body.confirmDoubleBooking === true;
      const write = async (current: OrderRecord, changes: OrderPatch): Promise<Order> => {
        let change;
        try {
          change = await deps.orders.change(tenantId, current, changes, deps.clock(), by, { confirmDoubleBooking });
        } catch (error) {
          if (!(error instanceof DoubleBookingRefused)) throw error;
          // Checked on the order as it was read: changed since, that is the answer (412).
          const now = await deps.orders.find(tenantId, id);
          throw now && now.version !== current.version ? staleVersion(now) : doubleBookingProblem(error.other, locale);
        }
        if (change) {
          // Committed, and its event published by the repository.
          known.remember(tenantId, change.record);
          return sendOrder(reply, change.record);
        }
        // Someone else changed (or deleted) the order since this version.
        const now = await deps.orders.find(tenantId, id);
        throw now ? staleVersion(now) : notFound();
      };
      // Known at the asked version: checked against it, and written only if the order is still at it.
      // Refusals and changes that change nothing are answered from the order as stored, as before
      // (a newer version is a 412 first).
      const remembered = known.at(tenantId, id, version);
      const early = remembered && checkOrderPatch(remembered, request.body, locale);
      if (remembered && early && early.errors.length === 0 && Object.keys(early.changes).length > 0) {
        return write(remembered, early.changes);
      }
      const current = await deps.orders.find(tenantId, id);
      if (!current) {
        throw notFound();
      }
      known.remember(tenantId, current);
      if (current.version !== version) {
        throw staleVersion(current);
      }
      const check = checkOrderPatch(current, request.body, locale);
      if (check.errors.length > 0) {
        throw new ProblemError('invalid-value', {
          errors: check.errors,
          ...(check.allowed ? { extensions: { allowed: check.allowed } } : {}),
        });
      }
      if (Object.keys(check.changes).length === 0) {
        return sendOrder(reply, current);
      }
      return write(current, check.changes);
    },
  );
}
