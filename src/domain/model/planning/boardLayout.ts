import type { Order } from '../../../../shared/Order';
import { assignLanes } from './barLanes';
import { gridFraction, type PlanningGrid } from './PlanningGrid';

/** One order's bar: where it lies in its station's row, as fractions of the grid's width. */
export interface PlanningBar {
  order: Order;
  /** From 0 to 1, clipped to the grid. */
  left: number;
  /** From 0 to 1, clipped to the grid; at least `left`. */
  right: number;
  /** The order begins before the grid's start, or ends after its end. */
  continuesBefore: boolean;
  continuesAfter: boolean;
  /** Its lane in the row, from 0: overlapping bars of a station are stacked. */
  lane: number;
}

/** A station's row: its bars in order of their begin, and how many lanes they are stacked in (at least 1). */
export interface PlanningRow {
  station: string;
  bars: readonly PlanningBar[];
  lanes: number;
}

/**
 * The board's rows: one per station named in `stations` (in that order), then one per station only
 * an order names (by name), each with the bars of its orders that lie in the grid at least in part.
 */
export function boardLayout(orders: Iterable<Order>, grid: PlanningGrid, stations: readonly string[]): PlanningRow[] {
  const byStation = new Map<string, Order[]>(stations.map((station) => [station, []]));
  for (const order of orders) {
    const begin = Date.parse(order.begin);
    const end = Date.parse(order.end);
    if (!(end > grid.start && begin < grid.end)) {
      continue;
    }
    const list = byStation.get(order.station);
    if (list) {
      list.push(order);
    } else {
      byStation.set(order.station, [order]);
    }
  }
  const others = [...byStation.keys()].filter((station) => !stations.includes(station)).sort();
  return [...stations, ...others].map((station) => stationRow(station, byStation.get(station) ?? [], grid));
}

export function stationRow(station: string, orders: readonly Order[], grid: PlanningGrid): PlanningRow {
  const intervals = orders.map((order) => ({ key: order.id, begin: Date.parse(order.begin), end: Date.parse(order.end), order }));
  const { lanes, count } = assignLanes(intervals);
  const bars = intervals
    .sort((a, b) => a.begin - b.begin || a.end - b.end)
    .map(({ order, begin, end }) => ({
      order,
      left: Math.max(0, gridFraction(grid, begin)),
      right: Math.min(1, gridFraction(grid, end)),
      continuesBefore: begin < grid.start,
      continuesAfter: end > grid.end,
      lane: lanes.get(order.id) ?? 0,
    }));
  return { station, bars, lanes: Math.max(1, count) };
}
