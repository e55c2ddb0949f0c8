import { action, computed, makeObservable, observableStruct } from 'mobx';
import { isSupportedDayRange, presetRange, type DayRange, type RangePreset } from '../model/DayRange';
import type { Disposable } from '../../../shared/Disposable';
import type { Clock } from '../ports/Clock';
import type { StatePersistence } from '../ports/StatePersistence';

/** The slice of `cockpit.state` this store owns: `{ filter: { begin, end } }`. */
export const ORDERS_SLICE = 'orders';

/** The days the orders list shows, kept across reloads. Status and search live in the URL. */
export class OrdersFilterStore implements Disposable {
  filter: DayRange;

  private persisted: Disposable | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly persistence: StatePersistence,
  ) {
    this.filter = this.thisWeek();
    makeObservable<OrdersFilterStore, 'sanitize'>(this, {
      filter: observableStruct,
      range: computed,
      setRange: action,
      applyPreset: action,
      sanitize: action,
    });
  }

  get range(): DayRange {
    return this.filter;
  }

  async restore(): Promise<void> {
    this.persisted?.dispose();
    this.persisted = await this.persistence.persist(this, ORDERS_SLICE, ['filter']);
    this.sanitize();
  }

  /**
   * Takes a range the API takes (`isSupportedDayRange`); anything else (not days, a day outside
   * the supported years, a begin after the end, more than `MAX_RANGE_DAYS` days) is refused and
   * changes nothing. `dayRangeFault` tells why.
   */
  setRange(range: DayRange): boolean {
    if (!isSupportedDayRange(range)) {
      return false;
    }
    this.filter = { begin: range.begin, end: range.end };
    return true;
  }

  applyPreset(preset: RangePreset): void {
    this.filter = presetRange(preset, new Date(this.clock.now()));
  }

  dispose(): void {
    this.persisted?.dispose();
    this.persisted = null;
  }

  /** Begin and end come back only as a range `setRange` would take; else this week. */
  private sanitize(): void {
    if (!isSupportedDayRange(this.filter)) {
      this.filter = this.thisWeek();
    }
  }

  private thisWeek(): DayRange {
    return presetRange('thisWeek', new Date(this.clock.now()));
  }
}
