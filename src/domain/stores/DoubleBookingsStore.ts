import { makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { rangeInstants } from '../model/DayRange';
import type { DoubleBookingsApi } from '../ports/DoubleBookingsApi';
import type { Timers } from '../ports/Timers';
import type { OrdersFilterStore } from './OrdersFilterStore';

/** How long the marks wait after a live change or a new range before they are read again: what comes meanwhile asks nothing more. */
export const DOUBLE_BOOKINGS_DEBOUNCE_MS = 1000;

/**
 * Which orders of the list's days are booked twice (the same vehicle in another order at an
 * overlapping time), as the backend tells (`GET /orders/double-bookings`), for the list to mark.
 * Read when started, and again a moment after the days change or live changes arrive (several
 * within that moment ask once, and steady changes at most once a moment); an answer of an older
 * read is dropped. A failed read leaves the marks as they were.
 */
export class DoubleBookingsStore implements Disposable {
  /** The ids of the orders booked twice. */
  ids: ReadonlySet<string> = new Set();
  /** The backend named only some of them. */
  truncated = false;

  private generation = 0;
  private pending: Disposable | null = null;
  private watching: Disposable | null = null;

  constructor(
    private readonly api: DoubleBookingsApi,
    private readonly filter: OrdersFilterStore,
    private readonly timers: Timers,
  ) {
    makeObservable(this, { ids: observableRef, truncated: observable });
  }

  /** Whether order `id` is booked twice. */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Reads the marks now and follows the list's days. */
  start(): Promise<void> {
    this.watching?.dispose();
    const dispose = reaction(
      () => `${this.filter.range.begin}/${this.filter.range.end}`,
      () => this.refreshSoon(),
    );
    this.watching = { dispose };
    return this.read();
  }

  /** Live changes of orders: once started, the marks are read again a moment later. */
  applyEvents(): void {
    if (this.watching) {
      this.refreshSoon();
    }
  }

  dispose(): void {
    this.watching?.dispose();
    this.watching = null;
    this.pending?.dispose();
    this.pending = null;
    this.generation++;
  }

  /** A read a moment from the first change on: later ones join it, so a steady stream of changes still reads every moment. */
  private refreshSoon(): void {
    if (this.pending) return;
    this.pending = this.timers.after(DOUBLE_BOOKINGS_DEBOUNCE_MS, () => {
      this.pending = null;
      void this.read();
    });
  }

  private async read(): Promise<void> {
    const generation = ++this.generation;
    const { begin, end } = rangeInstants(this.filter.range);
    try {
      const answer = await this.api.doubleBookings(begin, end);
      if (generation === this.generation) {
        runInAction(() => {
          const ids = new Set(answer.orderIds);
          // The same marks as before keep their set: what draws them is not drawn again for nothing.
          if (ids.size !== this.ids.size || answer.orderIds.some((id) => !this.ids.has(id))) this.ids = ids;
          this.truncated = answer.truncated === true;
        });
      }
    } catch {
      // The marks stay as they were; the next change or range reads them again.
    }
  }
}
