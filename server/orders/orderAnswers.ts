import type { FastifyReply } from 'fastify';
import type { Order } from '../../shared/Order';
import { ProblemError } from '../http/ProblemError';
import { type OrderRecord, orderView } from './orderView';

/** The tenant has no such order (another tenant's is not found either, never forbidden). */
export function orderNotFound(): ProblemError {
  return new ProblemError('order-not-found');
}

/** The entity tag of an order: its version, quoted. */
export function entityTag(record: OrderRecord): string {
  return `"${record.version}"`;
}

/** An order as the answer's body, with its entity tag; never cached. */
export function sendOrder(reply: FastifyReply, record: OrderRecord): Order {
  reply.header('etag', entityTag(record)).header('cache-control', 'no-store');
  return orderView(record);
}
