import type { PresenceField } from '../../../shared/OrderPresence';

/** Who has an order open (`PUT`/`DELETE /api/orders/{id}/presence`); the others' presence comes as `presence` events. */
export interface PresenceApi {
  /** The signed-in user has the order open, editing `editing` (null: looking); lasts 15 s unless renewed. */
  announce(orderId: string, editing: PresenceField | null): Promise<void>;
  /** The signed-in user closed the order. */
  leave(orderId: string): Promise<void>;
}

export const PresenceApi = Symbol('PresenceApi');
