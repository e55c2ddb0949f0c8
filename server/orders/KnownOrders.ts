import type { OrderRecord } from './orderView';

/**
 * The orders this process has lately read or written, each at the version it had then: a version
 * names one content of an order for good (every change raises it; ids are never reused), so an
 * order known at the version a PATCH names under `If-Match` is what reading it would answer while it
 * is still at that version, and the change itself, made only at that version, settles whether it is.
 * A PATCH after the GET or PATCH that gave its entity tag so saves reading the order first.
 * The least recently remembered are forgotten beyond `capacity`.
 */
export class KnownOrders {
  private readonly orders = new Map<string, OrderRecord>();

  constructor(private readonly capacity = 5000) {}

  /** The order at `version`, when this process knows it at that version. */
  at(tenantId: string, id: string, version: number): OrderRecord | undefined {
    const record = this.orders.get(`${tenantId}/${id}`);
    return record?.version === version ? record : undefined;
  }

  remember(tenantId: string, record: OrderRecord): void {
    const key = `${tenantId}/${record.id}`;
    this.orders.delete(key);
    this.orders.set(key, record);
    if (this.orders.size > this.capacity) {
      const oldest = this.orders.keys().next();
      if (!oldest.done) this.orders.delete(oldest.value);
    }
  }
}
