import type { OrderActor } from '../../../shared/OrderHistory';

/** A title naming who changed the order (`byKey` with `{{name}}`) when a user did, else the general `key`. */
export function changedByText(t: (key: string, options?: Record<string, string>) => string, key: string, byKey: string, actor: OrderActor | undefined): string {
  return actor?.type === 'user' && actor.name ? t(byKey, { name: actor.name }) : t(key);
}
