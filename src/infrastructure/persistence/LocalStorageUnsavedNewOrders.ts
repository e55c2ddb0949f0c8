import { type KeptNewOrder, readKeptNewOrder } from '../../domain/model/KeptNewOrder';
import type { UnsavedNewOrders } from '../../domain/ports/UnsavedNewOrders';

/** The key of the kept new orders in localStorage, apart from `cockpit.state` (as the unsaved edits). */
export const UNSAVED_NEW_ORDERS_KEY = 'cockpit.unsavedNewOrders';

type Document = Record<string, KeptNewOrder>;

/**
 * UnsavedNewOrders in one localStorage item, `{ "<user id>": kept }`. Whatever is read back is checked
 * (`readKeptNewOrder`); a storage that refuses to write loses only what it would have kept.
 */
export class LocalStorageUnsavedNewOrders implements UnsavedNewOrders {
  constructor(
    private readonly storage: Storage,
    private readonly key: string = UNSAVED_NEW_ORDERS_KEY,
  ) {}

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
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.storage.getItem(this.key) ?? '{}');
    } catch {
      return {};
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const document: Document = {};
    for (const [userId, value] of Object.entries(parsed)) {
      const kept = readKeptNewOrder(value);
      if (kept) document[userId] = kept;
    }
    return document;
  }

  private write(document: Document): void {
    try {
      if (Object.keys(document).length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(document));
    } catch (error) {
      console.warn('The new order could not be kept', error);
    }
  }
}
