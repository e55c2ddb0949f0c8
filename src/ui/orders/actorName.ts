import type { OrderActor } from '../../../shared/OrderHistory';

/** Who saved an order, as the console names them: a colleague by name, else the demo simulator or the system (`history.by.*`). */
export function actorName(t: (key: string) => string, by: OrderActor): string {
  return by.type === 'user' ? by.name : t(`history.by.${by.type}`);
}
