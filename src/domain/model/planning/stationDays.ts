import type { Order } from '../../../../shared/Order';
import type { DayRange } from '../DayRange';
import { addDays, startOfLocalDate, type LocalDate } from '../LocalDate';

/** A station's orders of one day, in order of their begin (then number). */
export interface StationDay {
  station: string;
  orders: readonly Order[];
}

const numbers = new Intl.Collator('en', { numeric: true });

function startOf(day: LocalDate): number {
  const start = startOfLocalDate(day);
  if (!start) {
    throw new RangeError(`not a day: ${day}`);
  }
  return start.getTime();
}

/**
 * The orders of `orders` that take some of `day` (local midnight to local midnight, the end
 * excluded): one that runs over midnight belongs to each day it touches, one ending at midnight
 * not to the next. Sorted by begin, then by number (`AN-2026-9` before `AN-2026-10`).
 */
export function ordersOnDay(orders: Iterable<Order>, day: LocalDate): Order[] {
  const start = startOf(day);
  const end = startOf(addDays(day, 1));
  const found: { order: Order; begin: number }[] = [];
  for (const order of orders) {
    const begin = Date.parse(order.begin);
    if (begin < end && Date.parse(order.end) > start) {
      found.push({ order, begin });
    }
  }
  return found.sort((a, b) => a.begin - b.begin || numbers.compare(a.order.number, b.order.number)).map(({ order }) => order);
}

/** Each station (in the order given, the empty ones too) with its orders of `day`. */
export function stationDays(stations: readonly { station: string; orders: Iterable<Order> }[], day: LocalDate): StationDay[] {
  return stations.map(({ station, orders }) => ({ station, orders: ordersOnDay(orders, day) }));
}

/** `day` when it lies in `range`, else `fallback` when that does, else the range's first day. */
export function dayWithin(range: DayRange, day: LocalDate | null, fallback: LocalDate): LocalDate {
  const inside = (candidate: LocalDate | null): candidate is LocalDate => candidate !== null && candidate >= range.begin && candidate <= range.end;
  if (inside(day)) {
    return day;
  }
  return inside(fallback) ? fallback : range.begin;
}
