import { action, computed, makeObservable, observable, observableStruct, reaction, runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import type { Disposable } from '../model/Disposable';
import type { Order, OrderQuery } from '../model/Order';
import { orderQuery, type OrderCriteria } from '../model/orderQuery';
import { DEFAULT_ORDER_SORT } from '../model/OrderSort';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import type { OrdersExport } from '../ports/OrdersExport';
import type { OrdersFilterStore } from './OrdersFilterStore';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** Orders per page requested from the API. */
export const PAGE_SIZE = 100;

/** Pages kept on either side of the visible ones; the rest are dropped and fetched again when needed. */
export const PAGE_MARGIN = 1;

/** One page of the list: the cursor that fetches it and, while it is near the screen, its orders. */
interface PageSlot {
  cursor: string | null;
  items: Order[] | null;
  loading: boolean;
}

/**
 * The orders of the current filter as a windowed list over cursor pages. It knows how many rows
 * there are (`total`) and holds only the pages around the visible rows, so a range with a million
 * orders costs what one with a thousand does. Pages are reached in order (a cursor comes with the
 * page before), so the list grows as the operator scrolls.
 */
export class OrdersListStore implements Disposable {
  criteria: OrderCriteria = { status: [], q: '', sort: DEFAULT_ORDER_SORT };
  total = 0;
  state: LoadState = 'idle';
  /** Translation key of the last failure. */
  errorKey: string | null = null;
  /** A CSV export is under way. */
  exporting = false;

  /** Observable per page: a view re-renders only when a page it shows changes. */
  private readonly pages = observable.map<number, PageSlot>(undefined, { deep: false });
  /** Bumped whenever the query changes, so that late answers of an old query are dropped. */
  private generation = 0;
  private visible = { first: 0, last: 0 };
  private subscription: Disposable | null = null;

  constructor(
    private readonly api: OrdersApi,
    private readonly filter: OrdersFilterStore,
    private readonly exporter: OrdersExport,
    private readonly notifier: Notifier,
  ) {
    makeObservable<OrdersListStore, 'reset'>(this, {
      criteria: observableStruct,
      total: observable,
      state: observable,
      errorKey: observable,
      exporting: observable,
      query: computed,
      rowCount: computed,
      setCriteria: action,
      replaceOrder: action,
      reset: action,
    });
  }

  get query(): OrderQuery {
    return orderQuery(this.filter.range, this.criteria);
  }

  /** Rows the operator can scroll through now: every page whose cursor is known. */
  get rowCount(): number {
    return Math.min(this.total, this.pages.size * PAGE_SIZE);
  }

  /** Loads the first page now and again whenever the query changes. */
  start(): void {
    this.subscription?.dispose();
    const dispose = reaction(
      () => JSON.stringify(this.query),
      () => void this.reload(),
      { fireImmediately: true },
    );
    this.subscription = { dispose };
  }

  setCriteria(criteria: OrderCriteria): void {
    this.criteria = criteria;
  }

  /** The order in row `index`, or null while its page is (re)loading. */
  rowAt(index: number): Order | null {
    const slot = this.pages.get(Math.floor(index / PAGE_SIZE));
    return slot?.items?.[index % PAGE_SIZE] ?? null;
  }

  /** Tells which rows are on screen: their pages are loaded, far pages dropped. */
  showRows(first: number, last: number): void {
    this.visible = { first, last };
    const from = Math.max(0, Math.floor(first / PAGE_SIZE) - PAGE_MARGIN);
    const to = Math.floor(Math.max(first, last) / PAGE_SIZE) + PAGE_MARGIN;
    runInAction(() => {
      for (const [index, slot] of this.pages) {
        if ((index < from || index > to) && slot.items) {
          this.setSlot(index, { ...slot, items: null });
        }
      }
    });
    for (let index = from; index <= to; index++) {
      void this.loadPage(index);
    }
  }

  /** Starts over with the first page (retry, refresh, or a changed query). */
  async reload(): Promise<void> {
    this.reset();
    await this.loadPage(0);
  }

  /** Downloads the current filter's orders as CSV (all of them, not only the loaded pages). */
  async exportCsv(): Promise<void> {
    if (this.exporting) {
      return;
    }
    runInAction(() => (this.exporting = true));
    try {
      const { begin, end } = this.filter.range;
      await this.exporter.download(this.query, `orders-${begin}-${end}.csv`);
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'unauthorized')) {
        this.notifier.show({ title: 'orders.exportFailed', message: isApiError(error) ? error.messageKey : 'errors.unexpected', intent: 'danger' });
      }
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }

  /** Puts a changed order in place where it is held. */
  replaceOrder(order: Order): void {
    for (const [index, slot] of this.pages) {
      const position = slot.items?.findIndex((item) => item.id === order.id) ?? -1;
      if (slot.items && position >= 0 && (slot.items[position]?.version ?? 0) <= order.version) {
        const items = slot.items.slice();
        items[position] = order;
        this.setSlot(index, { ...slot, items });
      }
    }
  }

  /** Pages holding orders right now (for tests and the heap benchmark). */
  get heldPages(): number {
    return [...this.pages.values()].filter((slot) => slot.items !== null).length;
  }

  dispose(): void {
    this.subscription?.dispose();
    this.subscription = null;
    this.generation++;
  }

  private reset(): void {
    this.generation++;
    this.pages.clear();
    this.pages.set(0, { cursor: null, items: null, loading: false });
    this.total = 0;
    this.state = 'loading';
    this.errorKey = null;
  }

  private setSlot(index: number, slot: PageSlot): void {
    this.pages.set(index, slot);
  }

  private async loadPage(index: number): Promise<void> {
    const slot = this.pages.get(index);
    if (!slot || slot.items || slot.loading) {
      return;
    }
    const generation = this.generation;
    runInAction(() => this.setSlot(index, { ...slot, loading: true }));
    try {
      const page = await this.api.list({ ...this.query, limit: PAGE_SIZE, ...(slot.cursor ? { cursor: slot.cursor } : {}) });
      if (generation !== this.generation) {
        return;
      }
      runInAction(() => {
        this.setSlot(index, { cursor: slot.cursor, items: page.items, loading: false });
        if (page.nextCursor && !this.pages.has(index + 1)) {
          this.setSlot(index + 1, { cursor: page.nextCursor, items: null, loading: false });
        }
        if (index === 0 || !slot.cursor) {
          this.total = page.total;
        }
        this.state = 'ready';
      });
      this.loadNextIfVisible(index + 1);
    } catch (error) {
      if (generation !== this.generation) {
        return;
      }
      runInAction(() => {
        this.setSlot(index, { ...slot, loading: false });
        this.state = 'error';
        this.errorKey = isApiError(error) ? error.messageKey : 'errors.unexpected';
      });
    }
  }

  /** A page that just became reachable is fetched when the operator is already looking at it. */
  private loadNextIfVisible(index: number): void {
    const to = Math.floor(this.visible.last / PAGE_SIZE) + PAGE_MARGIN;
    if (index <= to) {
      void this.loadPage(index);
    }
  }
}
