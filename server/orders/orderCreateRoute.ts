import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Order } from '../../shared/Order';
import { principalOf } from '../auth/authentication';
import type { Database } from '../db/Database';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import { orderNotFound, sendOrder } from './orderAnswers';
import { claimCreateKey, type CreateKey, findClaimedKey, requestHash } from './orderCreateKeys';
import { checkNewOrder, type ReceivedNewOrder } from './newOrder';
import { DoubleBookingRefused } from './doubleBookings';
import { doubleBookingProblem } from './doubleBookingRoute';
import type { OrderRepository } from './OrderRepository';
import type { OrderRecord } from './orderView';

export interface OrderCreateRouteDeps {
  orders: OrderRepository;
  database: Database;
  clock: () => Date;
}

/** What an `Idempotency-Key` may be: 1 to 255 visible ASCII characters (a UUID, typically). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Thrown inside the creating transaction when the key was taken meanwhile: the creation is rolled back. */
class KeyTaken extends Error {}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw new ProblemError('validation', { errors: [fieldError('Idempotency-Key', 'idempotencyKey', requestLocale(request))] });
  }
  return value;
}

/**
 * `POST /api/orders` (an operator's): a new order of the token's tenant from its editable fields,
 * status `new`, numbered by the backend in the tenant's sequence (`<prefix>-<year>-<n>`, the year in
 * UTC; two creates at once never get one number: OrderRepository.create). Stored with its
 * `order.created` event and its history entry in one transaction, so every open console shows it
 * and web push announces it. 201 with `Location` and `ETag`. With an `Idempotency-Key`, a retry by the
 * same user within 24 hours creates nothing and answers the order the key made (as it is now); the
 * key with another body is a 422. An order that would double-book its vehicle is a 409 unless the
 * body confirms it (`confirmDoubleBooking`).
 */
export function registerOrderCreateRoute(app: FastifyInstance, deps: OrderCreateRouteDeps): void {
  app.post<{ Body: ReceivedNewOrder }>('/api/orders', { config: { role: 'operator' } }, async (request, reply): Promise<Order> => {
    const principal = principalOf(request);
    const locale = requestLocale(request);
    const keyText = idempotencyKey(request);
    const check = checkNewOrder(request.body, locale);
    if (!check.order) throw new ProblemError('invalid-value', { errors: check.errors });
    const key: CreateKey | undefined = keyText === undefined ? undefined : { tenantId: principal.tenantId, userId: principal.userId, key: keyText, requestHash: requestHash(request.body) };

    const answer = (record: OrderRecord): Order => {
      reply.code(201).header('location', `/api/orders/${record.id}`);
      return sendOrder(reply, record);
    };
    const replay = async (): Promise<Order | undefined> => {
      if (!key) return undefined;
      const claimed = await findClaimedKey(deps.database, key, deps.clock());
      if (!claimed) return undefined;
      if (claimed.requestHash !== key.requestHash) {
        throw new ProblemError('invalid-value', { errors: [fieldError('Idempotency-Key', 'idempotencyKeyReused', locale)] });
      }
      // The order as it is now (someone may have changed it since); gone since: 404.
      const record = await deps.orders.find(principal.tenantId, claimed.orderId);
      if (!record) throw orderNotFound();
      reply.header('idempotent-replayed', 'true');
      return answer(record);
    };

    const replayed = await replay();
    if (replayed) return replayed;
    const now = deps.clock();
    const prefix = await deps.orders.numberPrefix(principal.tenantId, now);
    let created;
    try {
      created = await deps.orders.create(principal.tenantId, prefix, check.order, now, { type: 'user', id: principal.userId, name: principal.name }, async (tx, record) => {
        if (key && !(await claimCreateKey(tx, key, record.id, now))) throw new KeyTaken();
      }, { confirmDoubleBooking: request.body.confirmDoubleBooking === true });
    } catch (error) {
      if (error instanceof DoubleBookingRefused) throw doubleBookingProblem(error.other, locale);
      if (!(error instanceof KeyTaken)) throw error;
      // The same request came twice at once: the first made the order, this one answers it.
      const first = await replay();
      if (first) return first;
      throw error;
    }
    // Committed, and its event published by the repository (to the streams and push).
    return answer(created.record);
  });
}
