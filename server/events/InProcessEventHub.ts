import type { Disposable } from '../../shared/Disposable';
import type { EventHub, EventListener, StoredEvent } from './EventHub';
import { KeyedSets } from './KeyedSets';

/**
 * The hub of a single backend process: listeners are called synchronously, in the order they
 * subscribed. A listener that throws is reported to `onListenerError` and does not keep the event
 * from the others.
 */
export class InProcessEventHub implements EventHub {
  private readonly byTenant = new KeyedSets<string, EventListener>();
  private readonly everywhere = new Set<EventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  publish(event: StoredEvent): void {
    // One copy (listeners may subscribe or go while it runs), made once per event for all of them.
    const listeners = this.byTenant.valuesOf(event.tenantId);
    for (const listener of this.everywhere) listeners.push(listener);
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Whether anyone listens to the events of `tenantId` (its own listeners, or one of every tenant). */
  listens(tenantId: string): boolean {
    return this.everywhere.size > 0 || this.byTenant.has(tenantId);
  }

  subscribe(tenantId: string, listener: EventListener): Disposable {
    // A wrapper, so that the same function subscribed twice is two subscriptions.
    return this.byTenant.add(tenantId, (event) => listener(event));
  }

  subscribeAll(listener: EventListener): Disposable {
    const entry: EventListener = (event) => listener(event);
    this.everywhere.add(entry);
    return { dispose: () => this.everywhere.delete(entry) };
  }
}
