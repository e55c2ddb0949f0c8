import { action, compareStructural, computed, computedStruct, makeObservable, observable, observableRef, observableStruct, reaction, runInAction } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { Order, OrderQuery } from '../../../shared/Order';
import type { OrderFacets } from '../../../shared/OrderFacets';
import type { OrderEvent } from '../model/OrderEvent';
import { NO_ORDER_CRITERIA, orderQuery, type OrderCriteria } from '../model/orderQuery';
import { orderMatches } from '../model/orderMatches';
import { stationRow, type PlanningBar, type PlanningRow } from '../model/planning/boardLayout';
import { rowWithMove, type PendingMove } from '../model/planning/movingBar';
import { planningGrid, type PlanningGrid } from '../model/planning/PlanningGrid';
import type { OrdersApi } from '../ports/OrdersApi';
import { computedByKey } from './computedByKey';
import type { LoadState } from './LoadState';
import type { OrdersFilterStore } from './OrdersFilterStore';
import { PlanningOrders } from './PlanningOrders';
import { readEveryPage, readStationsInOrder } from './planningReads';

export type { PendingMove };

/** Bars of a row drawn together (`barChunks`). */
export const BAR_CHUNK = 64;

/**
 * The planning board: every order of the list's days and criteria (the same `OrdersFilterStore`
 * and the URL's criteria, so that board and list show the same orders), read station by station in
 * the rows' order in keyset pages until complete (`planningReads.ts`), kept live from the event
 * stream (`applyEvents`, handed the batches of `LiveOrderUpdates`), laid out per station (`rowOf`),
 * with the move being made (`pending`) in place of the order's saved position.
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
  private subscription: Disposable | null = null;
  /** The stations whose every page is read (observable: each row its own key). */
  private readonly readRows = observable.map<string, true>();
  /** The facets read as the board started, which its first read waits for. */
  private facetsRead: Promise<boolean> | null = null;

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

  /**
   * The row of `station` as drawn, the move being made on top of its saved layout (the other bars
   * stay where they are while a bar is dragged); again only when its orders, the days or that move change.
   */
  readonly rowOf = computedByKey((station: string): PlanningRow => {
    const pending = this.pendingIn(station);
    return rowWithMove(this.settledRowOf(station), station, pending, pending ? this.orders.get(pending.id) : undefined, this.grid);
  });

  /** The row of `station` as its orders are saved, laid out again only when they or the days change. */
  readonly settledRowOf = computedByKey((station: string) => stationRow(station, [...this.orders.ofStation(station)], this.grid));

  /**
   * The bars of `station` as saved, in chunks of {@link BAR_CHUNK} in order of their begin: the same
   * arrays until the row's orders or the days change, so that a row draws again only the chunk whose
   * bar is being moved.
   */
  readonly barChunks = computedByKey((station: string): readonly (readonly PlanningBar[])[] => {
    const { bars } = this.settledRowOf(station);
    return Array.from({ length: Math.ceil(bars.length / BAR_CHUNK) }, (_, index) => bars.slice(index * BAR_CHUNK, (index + 1) * BAR_CHUNK));
  });

  /** The move being made when it touches `station` (from or to it); a move elsewhere does not lay this row again, nor draw it. */
  readonly pendingIn = computedByKey(
    (station: string): PendingMove | null => {
      const move = this.pending;
      return move && (move.station === station || this.orders.get(move.id)?.station === station) ? move : null;
    },
    { equals: compareStructural },
  );

  setCriteria(criteria: OrderCriteria): void {
    this.criteria = criteria;
  }

  setPending(pending: PendingMove | null): void {
    this.pending = pending;
  }

  /** Reads the stations and the orders now and again whenever the days or criteria change. */
  start(): void {
    this.subscription?.dispose();
    // The first read waits for these (its rows' stations); later ones read them again.
    this.facetsRead = this.readFacets();
    const dispose = reaction(
      () => this.queryKey,
      () => void this.load(),
      { fireImmediately: true },
    );
    this.subscription = { dispose };
  }

  /**
   * Reads every order of the query, showing each page as it arrives: station by station in the order
   * of the rows (`readStationsInOrder`), each row marked read once its last page is in, so that the
   * rows on top are complete first. Without the stations (the facets could not be read) all at once.
   */
  async load(): Promise<void> {
    const generation = ++this.generation;
    const query = this.query;
    runInAction(() => {
      this.state = 'loading';
      this.orders.clear();
      this.changedElsewhere.clear();
      this.readRows.clear();
      this.readAt = null;
    });
    try {
      const stations = await this.stationsToRead(query);
      if (stations === null) {
        await this.readPages(query, generation);
      } else {
        const readRow = async (station: string): Promise<void> => {
          await this.readPages({ ...query, station: [station] }, generation);
          if (generation === this.generation) runInAction(() => this.readRows.set(station, true));
        };
        await readStationsInOrder(stations, () => generation === this.generation, readRow);
      }
      if (generation === this.generation) runInAction(() => (this.state = 'ready'));
    } catch {
      if (generation === this.generation) {
        // A 401 is the session's to handle; the board says it could not be read and offers a retry.
        runInAction(() => (this.state = 'error'));
      }
    }
  }

  /** Whether the row of `station` may still get bars from the pages being read. */
  rowBusy(station: string): boolean {
    return this.state === 'loading' && !this.readRows.has(station);
  }

  /** The stations to read one by one, in the order of the rows: those filtered for, else every station of the facets read now; null without them. */
  private async stationsToRead(query: OrderQuery): Promise<readonly string[] | null> {
    if (query.station && query.station.length > 0) return query.station;
    const facetsRead = this.facetsRead ?? this.readFacets();
    this.facetsRead = null;
    return (await facetsRead) ? this.facets.stations : null;
  }

  /** Reads every page of `query` into the board, unless another read began meanwhile. */
  private async readPages(query: OrderQuery, generation: number): Promise<void> {
    await readEveryPage(this.api, query, () => generation === this.generation, (page) =>
      runInAction(() => {
        page.items.forEach((order) => this.orders.take(order));
        // The earliest first page: a reset after it missed nothing of any station.
        const at = page.lastEventId ?? null;
        if (at !== null) this.readAt = this.readAt === null ? at : Math.min(this.readAt, at);
      }),
    );
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
      const complete = await readEveryPage(this.api, query, () => generation === this.generation, (page) => {
        read.push(...page.items);
        readAt ??= page.lastEventId ?? null;
      });
      if (!complete) return;
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

  /** Reads the stations and services again (a filter opened: one added since shows up); answers whether it could. */
  async readFacets(): Promise<boolean> {
    try {
      const facets = await this.api.facets();
      runInAction(() => (this.facets = facets));
      return true;
    } catch {
      // Without them the board shows the stations its orders name, and the filters what was read before.
      return false;
    }
  }
}
