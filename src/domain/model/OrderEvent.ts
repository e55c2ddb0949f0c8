import type { Order } from '../../../shared/Order';
import { isOrderStatus } from '../../../shared/OrderStatus';

/**
 * A change of the tenant's orders as the live stream tells it. `previous` is the order as it was
 * before (the backend sends it along), so that a change of an order the console does not hold
 * can still be counted in or out of the list.
 */
export type OrderEvent =
  | { type: 'order.created'; order: Order }
  | { type: 'order.updated'; order: Order; previous: Order | null }
  | { type: 'order.deleted'; id: string; previous: Order | null }
  /** The stream cannot tell what changed; it goes on with the events after `after` (null: not said). */
  | { type: 'reset'; after: number | null };

export function isOrder(value: unknown): value is Order {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const order = value as Partial<Order>;
  return (
    typeof order.id === 'string' &&
    typeof order.version === 'number' &&
    typeof order.number === 'string' &&
    isOrderStatus(order.status) &&
    typeof order.begin === 'string' &&
    typeof order.end === 'string' &&
    typeof order.price?.amount === 'number' &&
    typeof order.customer?.name === 'string' &&
    typeof order.vehicle?.licensePlate === 'string'
  );
}

/** Splits `{ ...order, previous }` into the order and what it was before. */
function withoutPrevious(data: object): { order: object; previous: Order | null } {
  const { previous, ...order } = data as { previous?: unknown };
  return { order, previous: isOrder(previous) ? previous : null };
}

/** A reset's id: the last event id before what the stream goes on with. */
const EVENT_ID = /^\d{1,15}$/;

/**
 * The order event of a server event (`eventId` is the event's id), or null for an unknown type or a
 * malformed body.
 */
export function toOrderEvent(type: string, data: unknown, eventId = ''): OrderEvent | null {
  if (type === 'reset') {
    return { type: 'reset', after: EVENT_ID.test(eventId) ? Number(eventId) : null };
  }
  if (typeof data !== 'object' || data === null) {
    return null;
  }
  const { order, previous } = withoutPrevious(data);
  if (type === 'order.created' && isOrder(order)) {
    return { type, order };
  }
  if (type === 'order.updated' && isOrder(order)) {
    return { type, order, previous };
  }
  const id = (order as { id?: unknown }).id;
  if (type === 'order.deleted' && typeof id === 'string') {
    return { type, id, previous };
  }
  return null;
}
