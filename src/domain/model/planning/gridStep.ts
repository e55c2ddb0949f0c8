import type { PlanningScale } from './PlanningGrid';

const HOUR_MS = 60 * 60 * 1000;

/**
 * `instant` (ISO) moved by `steps` of the grid: calendar days in the operator's time zone on a
 * board by days (08:00 stays 08:00 across a change of summer time), real hours on a board by hours.
 */
export function shiftByGrid(instant: string, scale: PlanningScale, steps: number): string {
  const date = new Date(instant);
  if (scale === 'hours') {
    return new Date(date.getTime() + steps * HOUR_MS).toISOString();
  }
  date.setDate(date.getDate() + steps);
  return date.toISOString();
}
