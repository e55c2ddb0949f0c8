import type { Order } from '../../../../shared/Order';
import type { PlanningBar, PlanningRow } from './boardLayout';
import { gridFraction, type PlanningGrid } from './PlanningGrid';

/**
 * `row` (laid out without it) with `order` added where it is being moved to, every other bar left
 * where it is: a bar being dragged does not make the row's bars change lanes under the pointer, and
 * placing it costs a pass over the row, not a new layout. It keeps `lane` (its lane before the move)
 * when that lane is free over its new time, else it takes the first free lane, else a new one below;
 * it stands among the bars in order of its begin. The row is laid out anew once the move is saved.
 */
export function withMovingBar(row: PlanningRow, order: Order, grid: PlanningGrid, lane: number | null): PlanningRow {
  const begin = Date.parse(order.begin);
  const end = Date.parse(order.end);
  const left = gridFraction(grid, begin);
  const right = gridFraction(grid, end);
  const taken = new Set<number>();
  for (const bar of row.bars) {
    // Bars are clipped to the grid: compare in the same fractions.
    if (bar.left < Math.min(1, right) && bar.right > Math.max(0, left)) taken.add(bar.lane);
  }
  let free = lane !== null && !taken.has(lane) ? lane : 0;
  while (taken.has(free)) free++;
  const moving: PlanningBar = {
    order,
    left: Math.max(0, left),
    right: Math.min(1, right),
    continuesBefore: begin < grid.start,
    continuesAfter: end > grid.end,
    lane: free,
  };
  const at = row.bars.findIndex((bar) => Date.parse(bar.order.begin) > begin);
  const bars = at === -1 ? [...row.bars, moving] : [...row.bars.slice(0, at), moving, ...row.bars.slice(at)];
  return { station: row.station, bars, lanes: Math.max(row.lanes, free + 1) };
}

/** Where a bar is being moved to, not saved yet: shown in place of the order's own times and station. */
export interface PendingMove {
  id: string;
  begin: string;
  end: string;
  station: string;
}

/**
 * The row of `station` as drawn: its saved layout (`settled`) without the bar being moved away, or
 * with it on top where it is being moved to (`withMovingBar`), `moved` being its order as saved.
 */
export function rowWithMove(settled: PlanningRow, station: string, pending: PendingMove | null, moved: Order | undefined, grid: PlanningGrid): PlanningRow {
  if (!pending) return settled;
  const bars = settled.bars.filter((bar) => bar.order.id !== pending.id);
  const row = bars.length === settled.bars.length ? settled : { ...settled, bars };
  if (!moved || pending.station !== station) return row;
  const lane = settled.bars.find((bar) => bar.order.id === pending.id)?.lane ?? null;
  return withMovingBar(row, { ...moved, begin: pending.begin, end: pending.end, station }, grid, lane);
}
