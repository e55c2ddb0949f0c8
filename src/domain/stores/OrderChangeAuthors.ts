import { observable } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { OrderActor } from '../../../shared/OrderHistory';
import type { EventStream, ServerEvent } from '../ports/EventStream';

/** How many orders' last changes are remembered (the oldest go first). */
const REMEMBERED = 500;

/** The actor an event's data names in `by`, or null when it names none that can be read. */
function actorOf(data: unknown): OrderActor | null {
  const by = (data as { by?: Partial<OrderActor> } | null)?.by;
  if (by?.type === 'user') {
    const { id, name } = by as Partial<{ id: unknown; name: unknown }>;
    return typeof id === 'string' && typeof name === 'string' ? { type: 'user', id, name } : null;
  }
  return by?.type === 'simulator' || by?.type === 'system' ? { type: by.type } : null;
}

const keyOf = (id: string, version: number): string => `${id} ${version}`;

/**
 * Who saved which version of an order, as the live stream told it (each order event names who, in
 * `by`): the notice of someone else's change and the conflict view name the person. Observable: a
 * version shown before its event arrived is named once it does.
 */
export class OrderChangeAuthors implements Disposable {
  private readonly authors = observable.map<string, OrderActor>([], { deep: false });
  private readonly subscription: Disposable;

  constructor(events: EventStream) {
    this.subscription = events.onDidReceiveEvent((event) => this.receive(event));
  }

  /** Who saved `order` at its version, when the stream told it; undefined when it did not (yet). */
  of(order: { id: string; version: number }): OrderActor | undefined {
    return this.authors.get(keyOf(order.id, order.version));
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private receive(event: ServerEvent): void {
    if (event.type !== 'order.updated' && event.type !== 'order.created') return;
    const { id, version } = (event.data ?? {}) as { id?: unknown; version?: unknown };
    const actor = actorOf(event.data);
    if (typeof id !== 'string' || typeof version !== 'number' || !actor) return;
    if (this.authors.size >= REMEMBERED) {
      const oldest = this.authors.keys().next().value;
      if (oldest !== undefined) this.authors.delete(oldest);
    }
    this.authors.set(keyOf(id, version), actor);
  }
}
