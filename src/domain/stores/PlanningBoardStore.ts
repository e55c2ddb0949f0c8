import { action, compareStructural, computed, computedStruct, makeObservable, observable, observableRef, observableStruct, reaction, runInAction, type IComputedValue } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { Order, OrderQuery } from '../../../shared/Order';
import type { OrderFacets } from '../../../shared/OrderFacets';
import type { OrderEvent } from '../model/OrderEvent';
import { NO_ORDER_CRITERIA, orderQuery, type OrderCriteria } from '../model/orderQuery';
import { orderMatches } from '../model/orderMatches';
import { stationRow, type PlanningRow } from '../model/planning/boardLayout';
import { planningGrid, type PlanningGrid } from '../model/planning/PlanningGrid';
import type { OrdersApi } from '../ports/OrdersApi';
import type { LoadState } from './LoadState';
import type { OrdersFilterStore } from './OrdersFilterStore';
import { PlanningOrders } from './PlanningOrders';

/** Orders per page the board reads: the most the contract allows (`limit` of `GET /api/orders`). */
export const BOARD_PAGE_SIZE = 500;

/** Where a bar is being moved to, not saved yet: shown in place of the order's own times and station. */
export interface PendingMove {
  id: string;
  begin: string;
  end: string;
  station: string;
}

/**
 * The planning board: every order of the list's days and criteria (the same `OrdersFilterStore`
 * and the URL's criteria, so that board and list show the same orders), read in keyset pages of
 * {@link BOARD_PAGE_SIZE} until complete, kept live from the event stream (`applyEvents`, handed
 * the batches of `LiveOrderUpdates`), laid out per station (`rowOf`), with the move being made
 * (`pending`) in place of the order's saved position.
 */
export class PlanningBoardStore implements Disposable {
  criteria: OrderCriteria = NO_ORDER_CRITERIA;
  state: LoadState = 'idle';
  /** The stations and services the tenant's orders name: each station a row even while it holds no order, both offered by the filters. */
  facets: OrderFacets = { stations: [], services: [] };
  /** Orders someone else changed while the board showed them (a map: a bar observes only its own key). */
  readonly changedElsewhere = observable.map<string, true>();
  pending: PendingMove | null = null;
  readonly orders = new PlanningOrders();

  private generation = 0;
  /** The live-event id the first page was read at: a reset of the stream after it missed nothing. */
  private readAt: number | null = null;
  /** The versions the operator saved here, which are no one else's changes. */
  private readonly ownVersions = new Map<string, number>();
  private readonly rows = new Map<string, IComputedValue<PlanningRow>>();
  private readonly pendings = new Map<string, IComputedValue<PendingMove | null>>();
  private subscription: Disposable | null = null;

  constructor(
    private readonly api: OrdersApi,
    private readonly filter: OrdersFilterStore,
  ) {
    makeObservable<PlanningBoardStore, 'queryKey'>(this, {
      criteria: observableStruct,
      state: observable,
      facets: observableRef,
      pending: observableRef,
      query: computed,
      queryKey: computed,
      grid: computed,
      rowStations: computedStruct,
      setCriteria: action,
      setPending: action,
      applyEvents: action,
      noteSaved: action,
      dispose: action,
    });
  }

  get query(): OrderQuery {
    return orderQuery(this.filter.range, this.criteria);
  }

  get grid(): PlanningGrid {
    return planningGrid(this.filter.range);
  }

  /** The stations shown as rows: those filtered for (else every station), then any other an order names. */
  get rowStations(): string[] {
    const listed = this.criteria.stations.length > 0 ? [...this.criteria.stations] : [...this.facets.stations];
    const others = this.orders.stations().filter((station) => !listed.includes(station));
    return [...listed, ...others.sort()];
  }

  /** The row of `station`, laid out again only when its orders, the days or a move touching it change. */
  rowOf(station: string): PlanningRow {
    let row = this.rows.get(station);
    if (!row) {
      row = computed(() => this.layRow(station));
      this.rows.set(station, row);
    }
    return row.get();
  }

  setCriteria(criteria: OrderCriteria): void {
    this.criteria = criteria;
  }

  setPending(pending: PendingMove | null): void {
    this.pending = pending;
  }

  /** Reads the stations and the orders now and again whenever the days or criteria change. */
  start(): void {
    this.subscription?.dispose();
    const dispose = reaction(
      () => this.queryKey,
      () => void this.load(),
      { fireImmediately: true },
    );
    this.subscription = { dispose };
    void this.readFacets();
  }

  /** Reads every page of the query, showing each as it arrives. */
  async load(): Promise<void> {
    const generation = ++this.generation;
    const query = this.query;
    runInAction(() => {
      this.state = 'loading';
      this.orders.clear();
      this.changedElsewhere.clear();
      this.readAt = null;
    });
    try {
      let cursor: string | null = null;
      do {
        const page = await this.api.list({ ...query, limit: BOARD_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) });
        if (generation !== this.generation) {
          return;
        }
        runInAction(() => {
          page.items.forEach((order) => this.orders.take(order));
          this.readAt ??= page.lastEventId ?? null;
        });
        cursor = page.nextCursor;
      } while (cursor !== null);
      runInAction(() => (this.state = 'ready'));
    } catch {
      if (generation === this.generation) {
        // A 401 is the session's to handle; the board says it could not be read and offers a retry.
        runInAction(() => (this.state = 'error'));
      }
    }
  }

  /**
   * Live changes: an order moves, comes into or leaves the board; one changed by someone else is
   * marked. Only double bookings shown: whether an order is one depends on the others, so the bars
   * shown follow their changes and the board is read again for those that came or went.
   */
  applyEvents(batch: readonly OrderEvent[]): void {
    if (this.state === 'idle') {
      return;
    }
    let missed = false;
    let stale = false;
    const onlyDoubleBookings = this.query.doubleBooked === true;
    for (const event of batch) {
      if (event.type === 'reset') {
        missed ||= event.after === null || this.readAt === null || event.after > this.readAt;
      } else if (event.type === 'order.deleted') {
        this.orders.remove(event.id, Number.POSITIVE_INFINITY);
        this.changedElsewhere.delete(event.id);
      } else {
        stale ||= onlyDoubleBookings;
        if (!onlyDoubleBookings || this.orders.get(event.order.id)) this.place(event.order);
        this.changedElsewhere.delete(event.order.id);
        const shown = this.orders.get(event.order.id) !== undefined;
        if (shown && event.type === 'order.updated' && this.ownVersions.get(event.order.id) !== event.order.version) {
          this.changedElsewhere.set(event.order.id, true);
        }
      }
    }
    if (missed) {
      void this.load();
    } else if (stale && this.state === 'ready') {
      void this.reread();
    }
  }

  /** Reads every page again and shows them at once in place of the bars held, which stay meanwhile. */
  private async reread(): Promise<void> {
    const generation = ++this.generation;
    const query = this.query;
    const read: Order[] = [];
    let readAt: number | null = null;
    try {
      let cursor: string | null = null;
      do {
        const page = await this.api.list({ ...query, limit: BOARD_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) });
        if (generation !== this.generation) {
          return;
        }
        read.push(...page.items);
        readAt ??= page.lastEventId ?? null;
        cursor = page.nextCursor;
      } while (cursor !== null);
      runInAction(() => {
        this.orders.clear();
        read.forEach((order) => this.orders.take(order));
        [...this.changedElsewhere.keys()].filter((id) => !this.orders.get(id)).forEach((id) => this.changedElsewhere.delete(id));
        this.readAt = readAt;
      });
    } catch {
      // The bars stay as they were; the next change reads them again.
    }
  }

  /** The operator saved `order` here: it is shown as saved and is no one else's change. */
  noteSaved(order: Order): void {
    this.ownVersions.set(order.id, order.version);
    this.changedElsewhere.delete(order.id);
    this.place(order);
  }

  dispose(): void {
    this.subscription?.dispose();
    this.subscription = null;
    this.generation++;
    this.state = 'idle';
  }

  private get queryKey(): string {
    return JSON.stringify(this.query);
  }

  private place(order: Order): void {
    if (orderMatches(order, this.query)) {
      this.orders.take(order);
    } else {
      this.orders.remove(order.id, order.version);
    }
  }

  /** Reads the stations and services again (a filter opened: one added since shows up). */
  async readFacets(): Promise<void> {
    try {
      const facets = await this.api.facets();
      runInAction(() => (this.facets = facets));
    } catch {
      // Without them the board shows the stations its orders name, and the filters what was read before.
    }
  }

  private layRow(station: string): PlanningRow {
    const pending = this.pendingIn(station);
    const orders = [...this.orders.ofStation(station)].filter((order) => order.id !== pending?.id);
    const moved = pending && this.orders.get(pending.id);
    if (moved && pending.station === station) {
      orders.push({ ...moved, begin: pending.begin, end: pending.end, station });
    }
    return stationRow(station, orders, this.grid);
  }

  /** The move being made when it touches `station` (from or to it); a move elsewhere does not lay this row again, nor draw it. */
  pendingIn(station: string): PendingMove | null {
    let pending = this.pendings.get(station);
    if (!pending) {
      pending = computed(
        () => {
          const move = this.pending;
          return move && (move.station === station || this.orders.get(move.id)?.station === station) ? move : null;
        },
        { equals: compareStructural },
      );
      this.pendings.set(station, pending);
    }
    return pending.get();
  }
}
