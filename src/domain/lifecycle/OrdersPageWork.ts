import type { NewOrderStore } from '../stores/NewOrderStore';
import type { OrderDetailStore } from '../stores/OrderDetailStore';
import type { UnsavedEditsStore } from '../stores/UnsavedEditsStore';
import type { UnsavedNewOrderStore } from '../stores/UnsavedNewOrderStore';
import type { SessionWork } from './SessionWork';

/** The orders page's stores the session's changes reach. */
export interface OrdersPageWorkStores {
  /** The order open for editing: closed when its user's session ends, so nothing of it stays on screen. */
  detail: Pick<OrderDetailStore, 'close'>;
  /** The unsaved edits kept in the browser: offered back to their user, withdrawn at the end, forgotten at a logout. */
  unsavedEdits: Pick<UnsavedEditsStore, 'offerTo' | 'withdraw' | 'forget'>;
  /** The new order being entered: its dialog closes when its user's session ends, what was typed kept. */
  newOrder: Pick<NewOrderStore, 'suspend'>;
  /** The new order kept in the browser: as the unsaved edits. */
  unsavedNewOrder: Pick<UnsavedNewOrderStore, 'offerTo' | 'withdraw' | 'forget'>;
}

/** The orders page's work as the session sees it (`SessionWork`): its open order, its new order and the edits kept of both. */
export class OrdersPageWork implements SessionWork {
  constructor(private readonly stores: OrdersPageWorkStores) {}

  offerTo(userId: string): void {
    this.stores.unsavedEdits.offerTo(userId);
    this.stores.unsavedNewOrder.offerTo(userId);
  }

  withdraw(): void {
    const { detail, unsavedEdits, newOrder, unsavedNewOrder } = this.stores;
    unsavedEdits.withdraw();
    unsavedNewOrder.withdraw();
    detail.close();
    newOrder.suspend();
  }

  forget(userId: string): void {
    this.stores.unsavedEdits.forget(userId);
    this.stores.unsavedNewOrder.forget(userId);
  }
}
