import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { MAX_RANGE_DAYS } from '../../../shared/instant';
import type { Order } from '../../../shared/Order';
import { isApiError } from '../model/ApiError';
import { listFailureKey } from '../model/listFailureKey';
import { PRINT_CAP, printCoverage, printTarget, type PrintCoverage } from '../model/printCoverage';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import type { PrintDialog } from '../ports/PrintDialog';
import type { LoadState } from './OrdersListStore';
import type { OrdersListStore } from './OrdersListStore';

/** The API's largest page: a print of the cap is two requests. */
const PRINT_PAGE_SIZE = 500;

/** What a printed list holds: its orders in the list's sort, and how much of the filter they are. */
export interface PrintedOrders {
  orders: readonly Order[];
  coverage: PrintCoverage;
}

/**
 * The orders list on paper. The grid holds only the pages around the rows on screen, so the Print
 * button reads every order of the list's filter through the orders API (pages of 500, at most
 * `PRINT_CAP`), shows its progress (`loaded` of `target`), and once they are read asks the view to
 * open the print dialog after it has put them on the page (`printPending`, `printRendered`).
 *
 * Ctrl/Cmd+P cannot wait for a load: it prints what is there (`printed`), the orders the button
 * read for this filter (all, or as far as they came), or else the orders the grid holds, and the
 * paper says when that is not the whole filter. A new filter drops what was read; so does the end of
 * a print (`release`), so a later print never shows orders as they were long ago.
 */
export class OrdersPrintStore implements Disposable {
  /** The orders read for print, in the list's sort. */
  orders: readonly Order[] = [];
  /** The count of the whole filter, as the last page read said. */
  total = 0;
  state: LoadState = 'idle';
  /** The Print button's orders are read: the view opens the dialog once they are on the page. */
  printPending = false;

  /** The list query (as JSON) the orders were read for. */
  private readFor: string | null = null;
  /** Bumped by every load and reset, so that the answers of an older one are dropped. */
  private generation = 0;
  private readonly following: () => void;

  constructor(
    private readonly api: OrdersApi,
    private readonly list: OrdersListStore,
    private readonly dialog: PrintDialog,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, {
      orders: observableRef,
      total: observable,
      state: observable,
      printPending: observable,
      loaded: computed,
      target: computed,
      printed: computed,
      printRendered: action,
      release: action,
    });
    this.following = reaction(
      () => JSON.stringify(this.list.query),
      () => this.release(),
    );
  }

  /** How many orders the load has read so far. */
  get loaded(): number {
    return this.orders.length;
  }

  /** How many orders the load reads: the filter's, at most the cap. */
  get target(): number {
    return printTarget(this.total);
  }

  /** What a print of the list holds now (see the class). */
  get printed(): PrintedOrders {
    if ((this.state === 'loading' || this.state === 'ready') && this.readFor === JSON.stringify(this.list.query)) {
      return { orders: this.orders, coverage: printCoverage(this.orders.length, this.total, this.state === 'ready') };
    }
    const held: Order[] = [];
    for (let row = 0; row < this.list.rowCount; row++) {
      const order = this.list.rowAt(row);
      if (order) held.push(order);
    }
    return { orders: held, coverage: printCoverage(held.length, this.list.total, false) };
  }

  /**
   * The Print button: reads the filter's orders (up to the cap) and then asks for the dialog
   * (`printPending`). Does nothing while a read is under way; a failure is told in a toast.
   */
  async print(): Promise<void> {
    if (this.state === 'loading') return;
    if (await this.load()) runInAction(() => (this.printPending = true));
  }

  /** The view has put the orders on the page: the dialog opens (once). */
  printRendered(): void {
    if (!this.printPending) return;
    this.printPending = false;
    this.dialog.open();
  }

  /** Forgets what was read (a new filter, a print done); a load under way is dropped. */
  release(): void {
    this.generation++;
    this.orders = [];
    this.total = 0;
    this.state = 'idle';
    this.printPending = false;
    this.readFor = null;
  }

  dispose(): void {
    this.following();
    this.release();
  }

  private async load(): Promise<boolean> {
    const query = this.list.query;
    const generation = ++this.generation;
    runInAction(() => {
      this.readFor = JSON.stringify(query);
      this.orders = [];
      this.total = this.list.total;
      this.state = 'loading';
      this.printPending = false;
    });
    try {
      const read: Order[] = [];
      let cursor: string | undefined;
      do {
        const limit = Math.min(PRINT_PAGE_SIZE, PRINT_CAP - read.length);
        const page = await this.api.list({ ...query, limit, ...(cursor ? { cursor } : {}) });
        if (generation !== this.generation) return false;
        read.push(...page.items.slice(0, PRINT_CAP - read.length));
        cursor = page.nextCursor ?? undefined;
        runInAction(() => {
          this.orders = [...read];
          this.total = page.total;
        });
      } while (cursor && read.length < PRINT_CAP);
      runInAction(() => {
        // Read to the end: the filter holds what was read (orders may have moved meanwhile).
        if (!cursor) this.total = read.length;
        this.state = 'ready';
      });
      return true;
    } catch (error) {
      if (generation !== this.generation) return false;
      runInAction(() => (this.state = 'error'));
      if (!(isApiError(error) && error.kind === 'unauthorized')) {
        this.notifier.show({ title: 'print.loadFailed', message: listFailureKey(error), values: { days: MAX_RANGE_DAYS }, intent: 'danger' });
      }
      return false;
    }
  }
}
