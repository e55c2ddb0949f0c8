import type { Disposable } from '../../src/domain/model/Disposable';

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
 * Writers call `publish` only after the transaction that stored the event has committed. Listeners
 * may get events of a tenant out of order or miss some (another process wrote them, a listener was
 * too slow): the ids are contiguous per tenant and committed in order, so a listener that sees id n
 * after m < n - 1 reads m + 1 … n from `order_events` (see LiveStream.ts). That is what lets another
 * implementation stand in for `InProcessEventHub` when several backend processes share one PostgreSQL:
 *
 * - `publish` sends `SELECT pg_notify('order_events', '<tenant>:<id>')` (a notification carries the
 *   tenant and the id only; its payload is limited to 8000 bytes, an order may be larger);
 * - one connection per process runs `LISTEN order_events`; for each notification the hub reads the rows
 *   of that tenant after the last id it delivered up to the notified id (`EventLog.after`) and hands
 *   them to its local listeners, as `InProcessEventHub` does. Notifications of a transaction are
 *   delivered on commit, so every notified row is visible to that read.
 * - Process-wide subscribers (web push) then get each event once per process; a push sender that must
 *   send once in all must claim the event (e.g. a row per sent event) before sending.
 */
export interface EventHub {
  /** Hands a committed event to the listeners of its tenant and to the process-wide listeners. */
  publish(event: StoredEvent): void;
  /** Listens to the events of one tenant. */
  subscribe(tenantId: string, listener: EventListener): Disposable;
  /** Listens to the events of every tenant. */
  subscribeAll(listener: EventListener): Disposable;
}
