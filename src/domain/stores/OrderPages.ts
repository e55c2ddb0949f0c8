import { computed, makeObservable, observable, runInAction } from 'mobx';
import type { Order } from '../../../shared/Order';
import { PAGE_SIZE } from './firstPageQuery';
import type { FetchedPage } from './orderPageFetch';
import { OrderPagePlacement } from './OrderPagePlacement';
import { emptySlot, type PageSlot, replayChanges } from './orderPageSlot';

/** Pages kept on either side of the visible ones; the rest are dropped and fetched again when needed. */
export const PAGE_MARGIN = 1;

/** Where the pages of the list begin. */
export interface PageLayout {
  /** First row of each page, by page index. */
  starts: number[];
  rowCount: number;
}

/**
 * The pages of a windowed orders list (`OrdersListStore`) and the rows they place: which page a row
 * is on, the rows of the pages held, which pages the rows on screen need, and the rows of the pages
 * far from them dropped. A page goes from reached (its cursor known) to loading to loaded, and back
 * to reached when it fails or its rows are dropped.
 */
export class OrderPages {
  /** Observable per page: a view re-renders only when a page it shows changes. */
  private readonly slots = observable.map<number, PageSlot>(undefined, { deep: false });
  /** Puts live changes into the pages. */
  readonly placer = new OrderPagePlacement(this.slots);
  private visible = { first: 0, last: 0 };

  constructor(private readonly total: () => number) {
    makeObservable(this, { layout: computed });
  }

  get layout(): PageLayout {
    const starts: number[] = [];
    let row = 0;
    for (let index = 0; index < this.slots.size; index++) {
      starts.push(row);
      const slot = this.slots.get(index);
      // A page not loaded yet counts as full, up to the rows the total leaves for it.
      row += slot?.count ?? Math.min(PAGE_SIZE, Math.max(0, this.total() - row));
    }
    return { starts, rowCount: row };
  }

  /** The order in row `index`, or null while its page is (re)loading. */
  rowAt(index: number): Order | null {
    const page = this.pageOfRow(index);
    const slot = this.slots.get(page);
    return slot?.items?.[index - (this.layout.starts[page] ?? 0)] ?? null;
  }

  /** The order `id` as a page held shows it (a page being fetched aside), or null. */
  heldOrder(id: string): Order | null {
    for (const slot of this.slots.values()) {
      const order = slot.loading ? undefined : slot.items?.find((item) => item.id === id);
      if (order) {
        return order;
      }
    }
    return null;
  }

  /** Pages holding orders right now. */
  get heldCount(): number {
    return [...this.slots.values()].filter((slot) => slot.items !== null).length;
  }

  /**
   * The rows `first` to `last` are on screen: the rows of the loaded pages far from them are dropped
   * (their ranges stay, to be fetched again), and the pages near them are answered, to be loaded.
   */
  show(first: number, last: number): number[] {
    this.visible = { first, last };
    const from = Math.max(0, this.pageOfRow(first) - PAGE_MARGIN);
    const to = this.pageOfRow(Math.max(first, last)) + PAGE_MARGIN;
    runInAction(() => {
      for (const [index, slot] of this.slots) {
        if ((index < from || index > to) && slot.items && !slot.loading) {
          this.slots.set(index, { ...slot, items: null });
        }
      }
    });
    return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
  }

  /** The pages the rows on screen need now, as `show` answers them (after the list was read again). */
  shown(): number[] {
    return this.show(this.visible.first, this.visible.last);
  }

  /** Whether the operator is already looking at page `index`, or is a margin before it. */
  nearScreen(index: number): boolean {
    return index <= this.pageOfRow(this.visible.last) + PAGE_MARGIN;
  }

  /** Starts over: only the first page, to be loaded. */
  restart(): void {
    this.clear();
    this.slots.set(0, emptySlot(null));
  }

  /** Starts over with the first page as read again, and the page after it reached. */
  restartWith(page: FetchedPage): void {
    this.clear();
    this.slots.set(0, { ...emptySlot(null), items: page.items, count: page.items.length, upper: page.nextCursor ? (page.items.at(-1) ?? null) : null });
    if (page.nextCursor) {
      this.slots.set(1, emptySlot(page.nextCursor));
    }
  }

  /** Page `index` as it is to be fetched, marked as loading; null when it is not reached, or held or loading already. */
  startLoading(index: number): PageSlot | null {
    const slot = this.slots.get(index);
    if (!slot || slot.items || slot.loading) {
      return null;
    }
    runInAction(() => this.slots.set(index, { ...slot, loading: true, pending: [] }));
    return slot;
  }

  /**
   * The rows of page `index` have arrived, fetched as `slot` said: the changes that crossed the
   * request are replayed on them, and a page reached for the first time reaches the next.
   */
  loaded(index: number, slot: PageSlot, fetched: FetchedPage, compare: (a: Order, b: Order) => number): void {
    const current = this.slots.get(index) ?? slot;
    const upper = slot.count === null ? (fetched.nextCursor ? (fetched.items.at(-1) ?? null) : null) : slot.upper;
    const items = replayChanges(fetched.items, current.pending, upper, compare);
    this.slots.set(index, { cursor: slot.cursor, items, loading: false, count: items.length, upper, pending: [] });
    if (slot.count === null && fetched.nextCursor && !this.slots.has(index + 1)) {
      this.slots.set(index + 1, emptySlot(fetched.nextCursor));
    }
  }

  /** Fetching page `index` failed: it is fetched again when asked for. */
  failed(index: number, slot: PageSlot): void {
    runInAction(() => {
      const current = this.slots.get(index) ?? slot;
      this.slots.set(index, { ...current, loading: false, pending: [] });
    });
  }

  private pageOfRow(row: number): number {
    const { starts } = this.layout;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((starts[middle] ?? 0) <= row) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return Math.max(0, low);
  }

  private clear(): void {
    this.slots.clear();
    this.placer.forget();
  }
}
