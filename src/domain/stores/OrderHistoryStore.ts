import { action, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { OrderHistoryEntry } from '../../../shared/OrderHistory';
import { isApiError } from '../model/ApiError';
import type { OrdersApi } from '../ports/OrdersApi';

export type HistoryState = 'idle' | 'loading' | 'ready' | 'error';

/** What the history follows: the open order's id and version (OrderDetailStore's `order`). */
export interface OpenOrderSource {
  readonly order: { id: string; version: number } | null;
}

/**
 * The history of the order open beside the list, newest first, as the backend keeps it: loaded
 * when an order opens, older entries page by page on request, and growing while the panel is open —
 * each new version of the order (a save here, a live change by anyone) reads the newest entries
 * again and puts those not yet shown on top.
 */
export class OrderHistoryStore {
  orderId: string | null = null;
  entries: readonly OrderHistoryEntry[] = [];
  state: HistoryState = 'idle';
  /** Translation key of a failed read, or null. */
  errorKey: string | null = null;
  /** Where older entries are read from; null when the oldest is shown. */
  nextCursor: string | null = null;
  loadingMore = false;

  constructor(private readonly api: OrdersApi) {
    makeObservable(this, {
      orderId: observable,
      entries: observableRef,
      state: observable,
      errorKey: observable,
      nextCursor: observable,
      loadingMore: observable,
      clear: action,
    });
  }

  /** Follows the open order of `source` until disposed: a new order loads, a new version refreshes. */
  follow(source: OpenOrderSource): Disposable {
    const stop = reaction(
      () => (source.order ? `${source.order.id} ${source.order.version}` : null),
      () => {
        const order = source.order;
        if (!order) this.clear();
        else if (order.id !== this.orderId || this.state === 'error') void this.load(order.id);
        else void this.refresh(order.id);
      },
      { fireImmediately: true },
    );
    return { dispose: stop };
  }

  clear(): void {
    this.orderId = null;
    this.entries = [];
    this.state = 'idle';
    this.errorKey = null;
    this.nextCursor = null;
  }

  /** The order's newest entries. */
  async load(orderId: string): Promise<void> {
    runInAction(() => {
      this.orderId = orderId;
      this.entries = [];
      this.nextCursor = null;
      this.state = 'loading';
      this.errorKey = null;
    });
    try {
      const page = await this.api.history(orderId);
      if (this.orderId !== orderId) return;
      runInAction(() => {
        this.entries = page.items;
        this.nextCursor = page.nextCursor;
        this.state = 'ready';
      });
    } catch (error) {
      if (this.orderId !== orderId) return;
      runInAction(() => {
        this.state = 'error';
        this.errorKey = isApiError(error) ? error.messageKey : 'errors.unexpected';
      });
    }
  }

  /** The entries older than those shown. */
  async loadMore(): Promise<void> {
    const { orderId, nextCursor } = this;
    if (!orderId || !nextCursor || this.loadingMore) return;
    runInAction(() => (this.loadingMore = true));
    try {
      const page = await this.api.history(orderId, nextCursor);
      if (this.orderId !== orderId) return;
      runInAction(() => {
        const shown = new Set(this.entries.map((entry) => entry.id));
        this.entries = [...this.entries, ...page.items.filter((entry) => !shown.has(entry.id))];
        this.nextCursor = page.nextCursor;
      });
    } catch {
      // The button stays: the operator may ask again.
    } finally {
      runInAction(() => (this.loadingMore = false));
    }
  }

  /** Reads the newest entries again and puts those not shown yet on top (all anew when none is shown any more). */
  private async refresh(orderId: string): Promise<void> {
    if (this.state !== 'ready') return;
    try {
      const page = await this.api.history(orderId);
      if (this.orderId !== orderId) return;
      runInAction(() => {
        const shown = new Set(this.entries.map((entry) => entry.id));
        const overlaps = page.items.some((entry) => shown.has(entry.id)) || page.nextCursor === null;
        if (overlaps) {
          this.entries = [...page.items.filter((entry) => !shown.has(entry.id)), ...this.entries];
        } else {
          this.entries = page.items;
          this.nextCursor = page.nextCursor;
        }
      });
    } catch {
      // What is shown stays; the next version tries again.
    }
  }
}
