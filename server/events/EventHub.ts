import type { Disposable } from '../../shared/Disposable';

export type OrderEventType = 'order.created' | 'order.updated' | 'order.deleted';

/** An event as stored in `order_events`: numbered per tenant, `data` the JSON text sent to clients. */
export interface StoredEvent {
  tenantId: string;
  id: number;
  type: OrderEventType;
  data: string;
}

export type EventListener = (event: StoredEvent) => void;

/**
 * Fans committed events out to whoever listens in this process: the open event streams of a tenant,
 * and process-wide subscribers (such as web push for `order.created`).
 *
 * `publish` is called only after the transaction that stored the event has committed: the writes
 * that store events publish them so (PublishingWrites.ts, OrderRepository.ts). Listeners
 * may get events of a tenant out of order or miss some (another process wrote them, a listener was
 * too slow): the ids are contiguous per tenant and committed in order, so a listener that sees id n
 * after m < n - 1 reads m + 1 … n from `order_events` (see LiveStream.ts).
 *
 * - `InProcessEventHub`: one process (the embedded database, which only one process can open).
 * - `PostgresEventHub`: every process on one PostgreSQL server. `order_events` is the outbox: the
 *   writer publishes after its commit, which also wakes the other processes (a notification
 *   `<tenant>:<last id>` sent after the commit, coalesced, EventWakeups.ts); each process's hub reads
 *   the rows after the last id it delivered from the table and hands them to its listeners in id
 *   order, once, and polls where the tenants stand for a wake-up that never came. Process-wide
 *   subscribers (web push) so get each event once per process; a push sent once in all is claimed in
 *   the database first.
 */
export interface EventHub {
  /** Hands a committed event to the listeners of its tenant and to the process-wide listeners. */
  publish(event: StoredEvent): void;
  /** Listens to the events of one tenant. */
  subscribe(tenantId: string, listener: EventListener): Disposable;
  /** Listens to the events of every tenant. */
  subscribeAll(listener: EventListener): Disposable;
}
