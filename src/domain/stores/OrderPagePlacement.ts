import type { ObservableMap } from 'mobx';
import type { Order, OrderQuery } from '../../../shared/Order';
import type { OrderEvent } from '../model/OrderEvent';
import { orderMatches } from '../model/orderMatches';
import { insertSorted, type PageSlot, type PendingChange } from './orderPageSlot';

/** Versions of recently changed orders remembered, so that an event already applied is not counted twice. */
const REMEMBERED_VERSIONS = 2000;

/** The query and order a batch of changes is placed by, worked out once per batch. */
export interface Placement {
  query: OrderQuery;
  compare: (a: Order, b: Order) => number;
}

/**
 * Puts live changes of orders where the backend would show them, in the pages of a windowed list
 * (`OrdersListStore`): into a loaded page at the order's sort position, as a pending change into a
 * page being fetched, or as a count into the range of a dropped page (fetched again as that range).
 * A change beyond the pages reached so far arrives with the page that reaches it.
 *
 * Each method answers how many rows the list gained by it (1, 0 or -1), for the list's `total`. An
 * event is applied once: the versions of recently changed orders are remembered.
 */
export class OrderPagePlacement {
  private readonly appliedVersions = new Map<string, number>();

  constructor(private readonly pages: ObservableMap<number, PageSlot>) {}

  /** Applies one change of the live stream. */
  apply(event: Exclude<OrderEvent, { type: 'reset' }>, placement: Placement): number {
    if (event.type === 'order.deleted') {
      const held = this.findHeld(event.id);
      this.appliedVersions.delete(event.id);
      return -Number(this.take(held ?? event.previous, held !== null, placement));
    }
    const { order } = event;
    const held = this.findHeld(order.id);
    const known = held?.version ?? this.appliedVersions.get(order.id) ?? 0;
    if (known >= order.version) {
      return 0;
    }
    if (event.type === 'order.created') {
      const placed = Number(this.place(order, placement));
      this.remember(order);
      return placed;
    }
    return this.change(held, held ?? event.previous, order, placement);
  }

  /** Puts an order the operator saved in place, when the list holds it and it is newer. */
  replace(order: Order, placement: Placement): number {
    const held = this.findHeld(order.id);
    return held && held.version < order.version ? this.change(held, held, order, placement) : 0;
  }

  /** Forgets the versions applied (the pages were read anew). */
  forget(): void {
    this.appliedVersions.clear();
  }

  /**
   * An order changed from `before` (as the list or the event knew it; null: unknown) to `after`;
   * `held` is the list's own copy, if it holds one.
   */
  private change(held: Order | null, before: Order | null, after: Order, placement: Placement): number {
    if (held && this.replaceInPage(held, after, placement)) {
      this.remember(after);
      return 0;
    }
    const taken = this.take(before, held !== null, placement);
    const placed = this.place(after, placement);
    this.remember(after);
    // Counted once: an order that stays in the list leaves `total` untouched, so views showing
    // the count are not redrawn for every change of a row.
    return Number(placed) - Number(taken);
  }

  /**
   * Puts `after` in the place of the list's copy `held` when both belong to the same loaded page
   * (the common live change: a row whose sort position stays in its page), writing that page once;
   * false when they do not.
   */
  private replaceInPage(held: Order, after: Order, placement: Placement): boolean {
    if (!orderMatches(held, placement.query) || !orderMatches(after, placement.query)) {
      return false;
    }
    const index = this.locate(held, placement.compare);
    const slot = index === null ? undefined : this.pages.get(index);
    if (index === null || !slot?.items?.includes(held) || slot.loading || this.locate(after, placement.compare) !== index) {
      return false;
    }
    // insertSorted drops the older copy of the order by its id.
    const items = insertSorted(slot.items, after, placement.compare);
    this.pages.set(index, { ...slot, items, count: items.length });
    return true;
  }

  /** Takes an order out of the rows, if it belonged to the list; true when it did. */
  private take(order: Order | null, held: boolean, placement: Placement): boolean {
    if (!order || !orderMatches(order, placement.query)) {
      return false;
    }
    this.updatePage(order, placement, { kind: 'remove', id: order.id }, (slot) => {
      if (slot.items && held) {
        const items = slot.items.filter((item) => item.id !== order.id);
        return { ...slot, items, count: items.length };
      }
      return !slot.items && slot.count !== null ? { ...slot, count: Math.max(0, slot.count - 1) } : slot;
    });
    return true;
  }

  /** Puts an order into the rows, if it belongs to the list; true when it does. */
  private place(order: Order, placement: Placement): boolean {
    if (!orderMatches(order, placement.query)) {
      return false;
    }
    this.updatePage(order, placement, { kind: 'upsert', order }, (slot) => {
      if (slot.items) {
        const items = insertSorted(slot.items, order, placement.compare);
        return { ...slot, items, count: items.length };
      }
      return slot.count !== null ? { ...slot, count: slot.count + 1 } : slot;
    });
    return true;
  }

  /**
   * Changes the page whose range holds `order`'s sort position, if the list has reached it: one being
   * fetched keeps `pending` for its answer, any other is replaced by what `change` makes of it.
   */
  private updatePage(order: Order, placement: Placement, pending: PendingChange, change: (slot: PageSlot) => PageSlot): void {
    const index = this.locate(order, placement.compare);
    const slot = index === null ? undefined : this.pages.get(index);
    if (index === null || !slot) {
      return;
    }
    const changed = slot.loading ? { ...slot, pending: [...slot.pending, pending] } : change(slot);
    if (changed !== slot) {
      this.pages.set(index, changed);
    }
  }

  /** The page whose range holds `order`'s sort position: the first whose last row does not sort before it. */
  private locate(order: Order, compare: (a: Order, b: Order) => number): number | null {
    for (let index = 0; index < this.pages.size; index++) {
      const slot = this.pages.get(index);
      if (!slot || slot.count === null || slot.upper === null || compare(order, slot.upper) <= 0) {
        return slot ? index : null;
      }
    }
    return null;
  }

  private findHeld(id: string): Order | null {
    for (const slot of this.pages.values()) {
      const order = slot.items?.find((item) => item.id === id);
      if (order) {
        return order;
      }
    }
    return null;
  }

  private remember(order: Order): void {
    this.appliedVersions.delete(order.id);
    this.appliedVersions.set(order.id, order.version);
    if (this.appliedVersions.size > REMEMBERED_VERSIONS) {
      const oldest = this.appliedVersions.keys().next().value;
      if (oldest !== undefined) {
        this.appliedVersions.delete(oldest);
      }
    }
  }
}
