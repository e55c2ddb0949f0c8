import type { Order } from '../../../shared/Order';
import type { OrderEvent } from './OrderEvent';

type Upsert = Extract<OrderEvent, { type: 'order.created' | 'order.updated' }>;

/**
 * The same changes in fewer events: an order changed several times in a row becomes one event
 * from where it was before the first change (`previous`) to where it is after the last, at the
 * place of the first. A created order changed afterwards stays created, with its last state. An
 * update not newer than the one before it is dropped (the stores would skip it). A deletion ends
 * the run: what follows it starts a new one, as does everything after a reset.
 *
 * Stores apply events of different orders independently of their order, so a burst of changes to
 * a few orders costs what those orders cost, not what the events do.
 */
export function coalesceOrderEvents(events: readonly OrderEvent[]): OrderEvent[] {
  const result: OrderEvent[] = [];
  /** Per order id: where its running create or update stands in `result`. */
  const runs = new Map<string, number>();
  for (const event of events) {
    if (event.type === 'reset') {
      runs.clear();
      result.push(event);
      continue;
    }
    if (event.type === 'order.deleted') {
      runs.delete(event.id);
      result.push(event);
      continue;
    }
    const at = runs.get(event.order.id);
    const run = at === undefined ? undefined : (result[at] as Upsert);
    if (at === undefined || !run || event.type === 'order.created') {
      runs.set(event.order.id, result.length);
      result.push(event);
    } else if (event.order.version > run.order.version) {
      result[at] = extend(run, event.order);
    }
  }
  return result;
}

function extend(run: Upsert, order: Order): Upsert {
  return run.type === 'order.created' ? { type: 'order.created', order } : { type: 'order.updated', order, previous: run.previous };
}
