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
import { OrderPagePlacement, type Placement } from './OrderPagePlacement';
import { firstPageQuery, PAGE_SIZE } from './firstPageQuery';
import { emptySlot, type PageSlot, replayChanges } from './orderPageSlot';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

export { PAGE_SIZE };

/** Pages kept on either side of the visible ones; the rest are dropped and fetched again when needed. */
export const PAGE_MARGIN = 1;

/** The API's largest page. */
const MAX_LIMIT = 500;

/** Extra rows asked for when a page's range is fetched again, for rows added meanwhile. */
const RANGE_SLACK = 10;

/** A page's rows as fetched (a range fetched again may span several answers). */
interface FetchedPage {
  items: readonly Order[];
  nextCursor: string | null;
  total: number;
  lastEventId?: number;
}

interface Layout {
  /** First row of each page, by page index. */
  starts: number[];
  rowCount: number;
}

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

  /** Observable per page: a view re-renders only when a page it shows changes. */
  private readonly pages = observable.map<number, PageSlot>(undefined, { deep: false });
  /** Bumped whenever the query changes, so that late answers of an old query are dropped. */
  private generation = 0;
  private visible = { first: 0, last: 0 };
  private subscription: Disposable | null = null;
  /** Puts live changes into the pages. */
  private readonly placer = new OrderPagePlacement(this.pages);
  /** Events that arrived while `refresh()` waited for its answer, applied on top of it. */
  private duringRefresh: OrderEvent[] | null = null;
  /**
   * The query (as `queryKey`) whose pages are held or being loaded; null before the first load and
   * after `dispose()`, when nothing the list holds may be taken for current.
   */
  private heldQuery: string | null = null;
  /** The first page's load of `heldQuery`, for a caller asking for the same query while it runs. */
  private firstPage: Promise<void> = Promise.resolve();
  /** The tenant's last event id as the first page of `generation` was read (`OrderPage.lastEventId`). */
  private firstPageThrough: number | null = null;
  /** A reset of the live stream that waits for the first page on its way to be judged (`afterReset`). */
  private resetAwaitingPage: { generation: number; after: number | null } | null = null;

  constructor(
    private readonly api: OrdersApi,
    private readonly filter: OrdersFilterStore,
  ) {
    makeObservable<OrdersListStore, 'reset' | 'layout' | 'queryKey'>(this, {
      criteria: observableStruct,
      total: observable,
      state: observable,
      errorKey: observable,
      errorFields: observableRef,
      query: computed,
      queryKey: computed,
      layout: computed,
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
    return this.layout.rowCount;
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
    const page = this.pageOfRow(index);
    const slot = this.pages.get(page);
    return slot?.items?.[index - (this.layout.starts[page] ?? 0)] ?? null;
  }

  /** The order `id` as a page the list holds shows it (a page being fetched aside), or null. */
  heldOrder(id: string): Order | null {
    for (const slot of this.pages.values()) {
      const order = slot.loading ? undefined : slot.items?.find((item) => item.id === id);
      if (order) {
        return order;
      }
    }
    return null;
  }

  /** Tells which rows are on screen: their pages are loaded, far pages dropped. */
  showRows(first: number, last: number): void {
    this.visible = { first, last };
    const from = Math.max(0, this.pageOfRow(first) - PAGE_MARGIN);
    const to = this.pageOfRow(Math.max(first, last)) + PAGE_MARGIN;
    runInAction(() => {
      for (const [index, slot] of this.pages) {
        if ((index < from || index > to) && slot.items && !slot.loading) {
          this.pages.set(index, { ...slot, items: null });
        }
      }
    });
    for (let index = from; index <= to; index++) {
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
        this.pages.clear();
        this.placer.forget();
        this.pages.set(0, { ...emptySlot(null), items: page.items, count: page.items.length, upper: page.nextCursor ? (page.items.at(-1) ?? null) : null });
        if (page.nextCursor) {
          this.pages.set(1, emptySlot(page.nextCursor));
        }
        this.total = page.total;
        this.firstPageThrough = page.lastEventId ?? null;
      });
      // The answer may show some of them already: applying an event is idempotent for the rows held.
      this.applyEvents(arrived);
      this.showRows(this.visible.first, this.visible.last);
    } catch (error) {
      if (generation === this.generation) {
        this.duringRefresh = null;
        this.fail(error);
      }
    }
  }

  /** Puts an order the operator saved in place, when the list holds it and it is newer. */
  replaceOrder(order: Order): void {
    this.count(this.placer.replace(order, this.placement()));
  }

  /** Applies live changes, all in one action (one re-render for a burst). */
  applyEvents(events: readonly OrderEvent[]): void {
    let reset: { after: number | null } | null = null;
    const placement = this.placement();
    for (const event of events) {
      if (event.type === 'reset') {
        reset = event;
      } else if (this.duringRefresh) {
        this.duringRefresh.push(event);
      } else if ((this.state === 'ready' || this.state === 'loading') && !reset) {
        this.count(this.placer.apply(event, placement));
      }
    }
    if (reset) {
      this.afterReset(reset.after);
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
    this.heldQuery = null;
  }

  /** The query as a value to compare. */
  private get queryKey(): string {
    return JSON.stringify(this.query);
  }

  /**
   * The live stream said it cannot tell what changed (its first connection, or a gap it cannot
   * replay) and goes on with the events after `after`. A list that holds no query yet (nothing
   * loaded, or no view since `dispose`) has nothing to read again: its next load reads afresh. A list
   * whose first page was read with every change up to `after` in it misses nothing (what follows
   * comes live), so the first screen, whose stream opens as its first page is asked for, asks once.
   * A first page still on its way is judged when it arrives. Any other list reads itself again while
   * still showing what it has; a failed one tries again.
   */
  private afterReset(after: number | null): void {
    if (this.heldQuery !== this.queryKey || (this.state === 'ready' && this.reflects(after))) {
      return;
    }
    if (this.state === 'loading') {
      this.resetAwaitingPage = { generation: this.generation, after };
      return;
    }
    void this.refresh();
  }

  /** The first page held was read with every change up to the event `after` in it. */
  private reflects(after: number | null): boolean {
    return after !== null && this.firstPageThrough !== null && this.firstPageThrough >= after;
  }

  /** A first page has arrived: one read before the stream's reset was too early, and is read again. */
  private judgeAwaitedReset(generation: number): void {
    const awaited = this.resetAwaitingPage;
    if (awaited?.generation !== generation) {
      return;
    }
    this.resetAwaitingPage = null;
    if (!this.reflects(awaited.after)) {
      void this.refresh();
    }
  }

  private get layout(): Layout {
    const starts: number[] = [];
    let row = 0;
    for (let index = 0; index < this.pages.size; index++) {
      starts.push(row);
      const slot = this.pages.get(index);
      // A page not loaded yet counts as full, up to the rows the total leaves for it.
      row += slot?.count ?? Math.min(PAGE_SIZE, Math.max(0, this.total - row));
    }
    return { starts, rowCount: row };
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

  private reset(): void {
    this.generation++;
    this.duringRefresh = null;
    this.firstPageThrough = null;
    this.pages.clear();
    this.placer.forget();
    this.pages.set(0, emptySlot(null));
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
    const slot = this.pages.get(index);
    if (!slot || slot.items || slot.loading) {
      return;
    }
    const generation = this.generation;
    runInAction(() => this.pages.set(index, { ...slot, loading: true, pending: [] }));
    try {
      const fetched = slot.count === null ? await this.fetchPage(slot) : await this.fetchRange(slot);
      if (generation !== this.generation) {
        return;
      }
      runInAction(() => {
        const current = this.pages.get(index) ?? slot;
        const upper = slot.count === null ? (fetched.nextCursor ? (fetched.items.at(-1) ?? null) : null) : slot.upper;
        const items = replayChanges(fetched.items, current.pending, upper, orderComparator(this.criteria.sort));
        this.pages.set(index, { cursor: slot.cursor, items, loading: false, count: items.length, upper, pending: [] });
        if (slot.count === null && fetched.nextCursor && !this.pages.has(index + 1)) {
          this.pages.set(index + 1, emptySlot(fetched.nextCursor));
        }
        if (index === 0 && slot.count === null) {
          this.total = fetched.total;
          this.firstPageThrough = fetched.lastEventId ?? null;
        }
        this.state = 'ready';
      });
      if (index === 0) {
        this.judgeAwaitedReset(generation);
      }
      this.loadNextIfVisible(index + 1);
    } catch (error) {
      if (generation !== this.generation) {
        return;
      }
      runInAction(() => {
        const current = this.pages.get(index) ?? slot;
        this.pages.set(index, { ...current, loading: false, pending: [] });
      });
      this.fail(error);
    }
  }

  /** A page reached for the first time: the first, or one page after its cursor. */
  private fetchPage(slot: PageSlot): Promise<FetchedPage> {
    const query = firstPageQuery(this.query);
    return this.api.list(slot.cursor ? { ...query, cursor: slot.cursor } : query);
  }

  /** A page's range again: from its cursor up to and including its last row, however many rows it has now. */
  private async fetchRange(slot: PageSlot): Promise<FetchedPage> {
    const compare = orderComparator(this.criteria.sort);
    const items: Order[] = [];
    let cursor = slot.cursor;
    for (;;) {
      const limit = Math.min(MAX_LIMIT, Math.max(1, (slot.count ?? PAGE_SIZE) - items.length + RANGE_SLACK));
      const page = await this.api.list({ ...this.query, limit, ...(cursor ? { cursor } : {}) });
      for (const item of page.items) {
        if (slot.upper && compare(item, slot.upper) > 0) {
          return { items, nextCursor: null, total: page.total };
        }
        items.push(item);
      }
      if (!page.nextCursor) {
        return { items, nextCursor: null, total: page.total };
      }
      cursor = page.nextCursor;
    }
  }

  private fail(error: unknown): void {
    runInAction(() => {
      this.state = 'error';
      this.errorKey = listFailureKey(error);
      this.errorFields = isApiError(error) ? error.fieldErrors : [];
    });
  }

  /** A page that just became reachable is fetched when the operator is already looking at it. */
  private loadNextIfVisible(index: number): void {
    const to = this.pageOfRow(this.visible.last) + PAGE_MARGIN;
    if (index <= to) {
      void this.loadPage(index);
    }
  }
}
