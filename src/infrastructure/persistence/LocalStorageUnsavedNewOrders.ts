import { type KeptNewOrder, readKeptNewOrder } from '../../domain/model/KeptNewOrder';
import type { UnsavedNewOrders } from '../../domain/ports/UnsavedNewOrders';
import { PerUserItem } from './PerUserItem';

/** The key of the kept new orders in localStorage, apart from `cockpit.state` (as the unsaved edits). */
export const UNSAVED_NEW_ORDERS_KEY = 'cockpit.unsavedNewOrders';

type Document = Record<string, KeptNewOrder>;

/**
 * UnsavedNewOrders in one localStorage item, `{ "<user id>": kept }` (`PerUserItem`); what is read
 * back is checked by `readKeptNewOrder`.
 */
export class LocalStorageUnsavedNewOrders implements UnsavedNewOrders {
  private readonly item: PerUserItem<KeptNewOrder>;

  constructor(storage: Storage, key: string = UNSAVED_NEW_ORDERS_KEY) {
    this.item = new PerUserItem(storage, key, readKeptNewOrder, 'The new order could not be kept');
  }

  read(userId: string): KeptNewOrder | null {
    return this.readAll()[userId] ?? null;
  }

  keep(userId: string, order: KeptNewOrder): void {
    this.write({ ...this.readAll(), [userId]: order });
  }

  remove(userId: string): void {
    const { [userId]: removed, ...others } = this.readAll();
    if (removed) this.write(others);
  }

  forgetOthers(userId: string): void {
    const own = this.read(userId);
    this.write(own ? { [userId]: own } : {});
  }

  private readAll(): Document {
    return this.item.read();
  }

  private write(document: Document): void {
    this.item.write(document);
  }
}
