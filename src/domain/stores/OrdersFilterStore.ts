import { action, computed, makeObservable, observableStruct } from 'mobx';
import { isDayRange, presetRange, weekOf, type DayRange, type RangePreset } from '../model/DayRange';
import type { Disposable } from '../model/Disposable';
import type { Clock } from '../ports/Clock';
import type { StatePersistence } from '../ports/StatePersistence';

/** The slice of `cockpit.state` this store owns: `{ filter: { begin, end } }` (spec). */
export const ORDERS_SLICE = 'orders';

/** The days the orders list shows, kept across reloads. Status and search live in the URL. */
export class OrdersFilterStore implements Disposable {
  filter: DayRange;

  private persisted: Disposable | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly persistence: StatePersistence,
  ) {
    this.filter = weekOf(new Date(clock.now()));
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

  /** Takes a range; a begin after the end (or anything not a day) is refused and changes nothing. */
  setRange(range: DayRange): boolean {
    if (!isDayRange(range)) {
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

  /** Begin and end come back as days only when both are there and valid (spec); else this week. */
  private sanitize(): void {
    if (!isDayRange(this.filter)) {
      this.filter = weekOf(new Date(this.clock.now()));
    }
  }
}
