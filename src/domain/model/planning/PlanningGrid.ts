import type { DayRange } from '../DayRange';
import { addDays, daysBetween, startOfLocalDate, type LocalDate } from '../LocalDate';

/** A week (or any range of days) by days, or one day by hours. */
export type PlanningScale = 'days' | 'hours';

/** One column of the board: a day or an hour, as instants (milliseconds, the end excluded). */
export interface PlanningColumn {
  start: number;
  end: number;
  /** The column's day (`days`), or its day and the hour it begins at (`hours`, local time). */
  day: LocalDate;
  hour: number | null;
}

/** The time the board shows: from `start` to `end` (milliseconds, the end excluded), in columns. */
export interface PlanningGrid {
  scale: PlanningScale;
  start: number;
  end: number;
  columns: readonly PlanningColumn[];
}

const HOUR_MS = 60 * 60 * 1000;

function startOf(day: LocalDate): number {
  const start = startOfLocalDate(day);
  if (!start) {
    throw new RangeError(`not a day: ${day}`);
  }
  return start.getTime();
}

/**
 * The board's grid for the days of `range` in the operator's time zone: a range of one day by its
 * hours (23 or 25 on the days summer time begins or ends, each a real hour), a longer one by days
 * from local midnight to local midnight.
 */
export function planningGrid(range: DayRange): PlanningGrid {
  const start = startOf(range.begin);
  const end = startOf(addDays(range.end, 1));
  if (range.begin === range.end) {
    const columns: PlanningColumn[] = [];
    for (let at = start; at < end; at += HOUR_MS) {
      columns.push({ start: at, end: Math.min(at + HOUR_MS, end), day: range.begin, hour: new Date(at).getHours() });
    }
    return { scale: 'hours', start, end, columns };
  }
  const count = daysBetween(range.begin, range.end) + 1;
  const columns = Array.from({ length: count }, (_, index) => {
    const day = addDays(range.begin, index);
    return { start: startOf(day), end: startOf(addDays(day, 1)), day, hour: null };
  });
  return { scale: 'days', start, end, columns };
}

/** Where `instant` lies in the grid, from 0 (its start) to 1 (its end), not clipped. */
export function gridFraction(grid: PlanningGrid, instant: number): number {
  return (instant - grid.start) / (grid.end - grid.start);
}
