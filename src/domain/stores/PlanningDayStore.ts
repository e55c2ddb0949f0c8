import { action, computed, makeObservable, observable } from 'mobx';
import { addDays, localDateOf, type LocalDate } from '../model/LocalDate';
import { dayWithin, stationDays, type StationDay } from '../model/planning/stationDays';
import type { Clock } from '../ports/Clock';
import type { OrdersFilterStore } from './OrdersFilterStore';
import type { PlanningBoardStore } from './PlanningBoardStore';

/**
 * The one day of the board a phone shows, as a list per station: the day chosen (kept here, not in
 * the page) while it lies in the list's days, else today when it does, else their first day; the
 * board's rows and orders (`PlanningBoardStore`) grouped by station for that day (`stationDays`).
 */
export class PlanningDayStore {
  /** The day the operator went to, or null before they chose one. */
  chosen: LocalDate | null = null;

  constructor(
    private readonly board: PlanningBoardStore,
    private readonly filter: OrdersFilterStore,
    private readonly clock: Clock,
  ) {
    makeObservable(this, { chosen: observable, day: computed, stations: computed, previous: action, next: action });
  }

  /** The day shown, always one of the list's days. */
  get day(): LocalDate {
    return dayWithin(this.filter.range, this.chosen, localDateOf(new Date(this.clock.now())));
  }

  get hasPrevious(): boolean {
    return this.day > this.filter.range.begin;
  }

  get hasNext(): boolean {
    return this.day < this.filter.range.end;
  }

  /** Every row's station with its orders of the day (the move being made is the board's, not shown here). */
  get stations(): StationDay[] {
    return stationDays(
      this.board.rowStations.map((station) => ({ station, orders: this.board.orders.ofStation(station) })),
      this.day,
    );
  }

  previous(): void {
    if (this.hasPrevious) {
      this.chosen = addDays(this.day, -1);
    }
  }

  next(): void {
    if (this.hasNext) {
      this.chosen = addDays(this.day, 1);
    }
  }
}
