import type { Disposable } from '../../src/domain/model/Disposable';
import type { EventHub, EventListener, StoredEvent } from './EventHub';

/**
 * The hub of a single backend process: listeners are called synchronously, in the order they
 * subscribed. A listener that throws is reported to `onListenerError` and does not keep the event
 * from the others.
 */
export class InProcessEventHub implements EventHub {
  private readonly byTenant = new Map<string, Set<EventListener>>();
  private readonly everywhere = new Set<EventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  publish(event: StoredEvent): void {
    const listeners = [...(this.byTenant.get(event.tenantId) ?? []), ...this.everywhere];
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  subscribe(tenantId: string, listener: EventListener): Disposable {
    let listeners = this.byTenant.get(tenantId);
    if (!listeners) {
      listeners = new Set();
      this.byTenant.set(tenantId, listeners);
    }
    // A wrapper, so that the same function subscribed twice is two subscriptions.
    const entry: EventListener = (event) => listener(event);
    listeners.add(entry);
    return {
      dispose: () => {
        listeners.delete(entry);
        if (listeners.size === 0 && this.byTenant.get(tenantId) === listeners) {
          this.byTenant.delete(tenantId);
        }
      },
    };
  }

  subscribeAll(listener: EventListener): Disposable {
    const entry: EventListener = (event) => listener(event);
    this.everywhere.add(entry);
    return { dispose: () => this.everywhere.delete(entry) };
  }
}
