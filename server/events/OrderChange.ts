import type { OrderRecord } from '../orders/orderView';
import type { StoredEvent } from './EventHub';

/**
 * A committed change of an order and the event stored with it in the same transaction. The
 * repository has published the event to the hub by the time this is answered (PublishingWrites.ts).
 */
export interface OrderChange {
  record: OrderRecord;
  event: StoredEvent;
}

/** A committed deletion of an order and its `order.deleted` event. */
export interface OrderRemoval {
  id: string;
  event: StoredEvent;
}
