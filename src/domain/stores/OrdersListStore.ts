import { action, computed, makeObservable, observable, observableRef, observableStruct, reaction, runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import type { FieldError } from '../../../shared/Problem';
import type { Disposable } from '../../../shared/Disposable';
import type { Order, OrderQuery } from '../../../shared/Order';
import { orderComparator } from '../model/orderComparator';
import type { OrderEvent } from '../model/OrderEvent';
import { NO_ORDER_CRITERIA, orderQuery, type OrderCriteria } from '../model/orderQuery';
import { listFailureKey } from '../model/listFailureKey';
import type { OrdersApi } from '../ports/OrdersApi';
import type { OrdersFilterStore } from './OrdersFilterStore';
import type { Placement } from './OrderPagePlacement';
import { firstPageQuery, PAGE_SIZE } from './firstPageQuery';
import { FirstPageFreshness } from './FirstPageFreshness';
import type { LoadState } from './LoadState';
import { fetchPage } from './orderPageFetch';
import { OrderPages } from './OrderPages';

export type { LoadState };

export { PAGE_SIZE };

/**
 * The orders of the current filter as a windowed list over cursor pages. It knows how many rows
 * there are (`total`) and holds only the pages around the visible rows, so a range with a million
 * orders costs what one with a thousand does. Pages are reached in order (a cursor comes with the
 * page before), so the list grows as the operator scrolls.
 *
 * Live changes (`applyEvents`) are put where the backend would show them: into the held pages at
 * their sort position, counted into the ranges of dropped pages (fetched again as those ranges),
 * and into `total`; a change beyond the pages reached so far arrives with the page that reaches it.
 */
export class OrdersListStore implements Disposable {
  criteria: OrderCriteria = NO_ORDER_CRITERIA;
  total = 0;
  state: LoadState = 'idle';
  /** Translation key of the last failure (`orders.rangeRefused` when the API refused the days). */
  errorKey: string | null = null;
  /** The field errors of the last failure as the API worded them, in the language the request asked for. */
  errorFields: readonly FieldError[] = [];

  /** The pages of the list and the rows they place (see OrderPages). */
  private readonly pages = new OrderPages(() => this.total);
  /** Bumped whenever the query changes, so that late answers of an old query are dropped. */
  private generation = 0;
  private subscription: Disposable | null = null;
  /** Events that arrived while `refresh()` waited for its answer, applied on top of it. */
  private duringRefresh: OrderEvent[] | null = null;
  /**
   * The query (as `queryKey`) whose pages are held or being loaded; null before the first load and
   * after `dispose()`, when nothing the list holds may be taken for current.
   */
  private heldQuery: string | null = null;
  /** The first page's load of `heldQuery`, for a caller asking for the same query while it runs. */
  private firstPage: Promise<void> = Promise.resolve();
  /** What the first page of `generation` was read with, and a reset of the live stream waiting for it. */
  private readonly freshness = new FirstPageFreshness();

  constructor(
    private readonly api: OrdersApi,
    private readonly filter: OrdersFilterStore,
  ) {
    makeObservable<OrdersListStore, 'reset' | 'queryKey'>(this, {
      criteria: observableStruct,
      total: observable,
      state: observable,
      errorKey: observable,
      errorFields: observableRef,
      query: computed,
      queryKey: computed,
      rowCount: computed,
      setCriteria: action,
      replaceOrder: action,
      applyEvents: action,
      reset: action,
    });
  }

  get query(): OrderQuery {
    return orderQuery(this.filter.range, this.criteria);
  }

  /** Rows the operator can scroll through now: every page whose cursor is known. */
  get rowCount(): number {
    return this.pages.layout.rowCount;
  }

  /**
   * Loads the first page now (unless it is loaded or loading already, see `load`) and again whenever
   * the query changes.
   */
  start(): void {
    this.subscription?.dispose();
    const dispose = reaction(
      () => this.queryKey,
      () => void this.load(),
      { fireImmediately: true },
    );
    this.subscription = { dispose };
  }

  /**
   * Starts loading the first page of `criteria` before any view shows the list (the console starting
   * on it): the view's `start()` then finds that load under way or done and asks for nothing.
   */
  preload(criteria: OrderCriteria): Promise<void> {
    this.setCriteria(criteria);
    return this.load();
  }

  /**
   * The first page of the current query: a load of the same query that is under way or done counts
   * (its answer is awaited, nothing is asked again); anything else starts over (`reload`).
   */
  load(): Promise<void> {
    if (this.heldQuery === this.queryKey && (this.state === 'loading' || this.state === 'ready')) {
      return this.firstPage;
    }
    return this.reload();
  }

  setCriteria(criteria: OrderCriteria): void {
    this.criteria = criteria;
  }

  /** The order in row `index`, or null while its page is (re)loading. */
  rowAt(index: number): Order | null {
    return this.pages.rowAt(index);
  }

  /** The order `id` as a page the list holds shows it (a page being fetched aside), or null. */
  heldOrder(id: string): Order | null {
    return this.pages.heldOrder(id);
  }

  /** Tells which rows are on screen: their pages are loaded, far pages dropped. */
  showRows(first: number, last: number): void {
    for (const index of this.pages.show(first, last)) {
      void this.loadPage(index);
    }
  }

  /** Starts over with the first page (retry, refresh, or a changed query). */
  reload(): Promise<void> {
    this.reset();
    this.heldQuery = this.queryKey;
    this.firstPage = this.loadPage(0);
    return this.firstPage;
  }

  /**
   * Reads the list again while still showing it (the live stream could not tell what changed):
   * the rows are replaced when the first page arrives, then the visible pages follow.
   */
  async refresh(): Promise<void> {
    if (this.state !== 'ready') {
      await this.reload();
      return;
    }
    const generation = ++this.generation;
    this.duringRefresh = [];
    try {
      const page = await this.api.list(firstPageQuery(this.query));
      if (generation !== this.generation) {
        return;
      }
      const arrived = this.duringRefresh ?? [];
      this.duringRefresh = null;
      runInAction(() => {
        this.pages.restartWith(page);
        this.total = page.total;
        this.freshness.read(page.lastEventId ?? null);
      });
      // The answer may show some of them already: applying an event is idempotent for the rows held.
      this.applyEvents(arrived);
      for (const index of this.pages.shown()) {
        void this.loadPage(index);
      }
    } catch (error) {
      if (generation === this.generation) {
        this.duringRefresh = null;
        this.fail(error);
      }
    }
  }

  /** Puts an order the operator saved in place, when the list holds it and it is newer. */
  replaceOrder(order: Order): void {
    this.count(this.pages.placer.replace(order, this.placement()));
  }

  /**
   * Applies live changes, all in one action (one re-render for a burst). Only double bookings shown:
   * whether an order is one depends on the others, so the list is read again instead.
   */
  applyEvents(events: readonly OrderEvent[]): void {
    let reset: { after: number | null } | null = null;
    let stale = false;
    const placement = this.placement();
    for (const event of events) {
      if (event.type === 'reset') {
        reset = event;
      } else if (this.duringRefresh) {
        this.duringRefresh.push(event);
      } else if ((this.state === 'ready' || this.state === 'loading') && !reset) {
        stale ||= placement.query.doubleBooked === true;
        if (!stale) this.count(this.pages.placer.apply(event, placement));
      }
    }
    const readAgain = reset && this.freshness.readAgainAfterReset(reset.after, { holdsQuery: this.heldQuery === this.queryKey, state: this.state, generation: this.generation });
    if (readAgain || (stale && this.state === 'ready')) {
      void this.refresh();
    }
  }

  /** Pages holding orders right now (for tests and the heap benchmark). */
  get heldPages(): number {
    return this.pages.heldCount;
  }

  dispose(): void {
    this.subscription?.dispose();
    this.subscription = null;
    this.generation++;
    this.heldQuery = null;
  }

  /** The query as a value to compare. */
  private get queryKey(): string {
    return JSON.stringify(this.query);
  }

  private reset(): void {
    this.generation++;
    this.duringRefresh = null;
    this.freshness.forget();
    this.pages.restart();
    this.total = 0;
    this.state = 'loading';
    this.errorKey = null;
    this.errorFields = [];
  }

  private placement(): Placement {
    return { query: this.query, compare: orderComparator(this.criteria.sort) };
  }

  private count(delta: number): void {
    if (delta !== 0) {
      this.total = Math.max(0, this.total + delta);
    }
  }

  private async loadPage(index: number): Promise<void> {
    const slot = this.pages.startLoading(index);
    if (!slot) {
      return;
    }
    const generation = this.generation;
    try {
      const fetched = await fetchPage(this.api, this.query, orderComparator(this.criteria.sort), slot);
      if (generation !== this.generation) {
        return;
      }
      runInAction(() => {
        this.pages.loaded(index, slot, fetched, orderComparator(this.criteria.sort));
        if (index === 0 && slot.count === null) {
          this.total = fetched.total;
          this.freshness.read(fetched.lastEventId ?? null);
        }
        this.state = 'ready';
      });
      // A first page read before the stream's reset was too early, and is read again.
      if (index === 0 && this.freshness.pageArrivedTooEarly(generation)) {
        void this.refresh();
      }
      // A page that just became reachable is fetched when the operator is already looking at it.
      if (this.pages.nearScreen(index + 1)) {
        void this.loadPage(index + 1);
      }
    } catch (error) {
      if (generation !== this.generation) {
        return;
      }
      this.pages.failed(index, slot);
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    runInAction(() => {
      this.state = 'error';
      this.errorKey = listFailureKey(error);
      this.errorFields = isApiError(error) ? error.fieldErrors : [];
    });
  }
}
