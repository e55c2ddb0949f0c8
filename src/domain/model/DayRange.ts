import { addDays, endOfLocalDate, isLocalDate, localDateOf, startOfLocalDate, type LocalDate } from './LocalDate';

/** A range of whole days, both included. */
export interface DayRange {
  begin: LocalDate;
  end: LocalDate;
}

export type RangePreset = 'today' | 'thisWeek' | 'next7Days' | 'thisMonth';

export const RANGE_PRESETS: readonly RangePreset[] = ['today', 'thisWeek', 'next7Days', 'thisMonth'];

/** A range is usable when both ends are real days and the begin is not after the end. */
export function isDayRange(value: unknown): value is DayRange {
  const range = value as DayRange | null;
  return typeof range === 'object' && range !== null && isLocalDate(range.begin) && isLocalDate(range.end) && range.begin <= range.end;
}

/** The week (Monday to Sunday, spec) that holds `now`. */
export function weekOf(now: Date): DayRange {
  const today = localDateOf(now);
  const sinceMonday = (now.getDay() + 6) % 7;
  const begin = addDays(today, -sinceMonday);
  return { begin, end: addDays(begin, 6) };
}

export function presetRange(preset: RangePreset, now: Date): DayRange {
  const today = localDateOf(now);
  switch (preset) {
    case 'today':
      return { begin: today, end: today };
    case 'thisWeek':
      return weekOf(now);
    case 'next7Days':
      return { begin: today, end: addDays(today, 6) };
    case 'thisMonth': {
      const first = localDateOf(new Date(now.getFullYear(), now.getMonth(), 1));
      const last = localDateOf(new Date(now.getFullYear(), now.getMonth() + 1, 0));
      return { begin: first, end: last };
    }
  }
}

/**
 * The instants the API compares with (spec): from the begin day's 00:00 to the end day's
 * 23:59:59.999, local time, as ISO strings in UTC.
 */
export function rangeInstants(range: DayRange): { begin: string; end: string } {
  const begin = startOfLocalDate(range.begin);
  const end = endOfLocalDate(range.end);
  if (!begin || !end) {
    throw new RangeError(`not a day range: ${range.begin}..${range.end}`);
  }
  return { begin: begin.toISOString(), end: end.toISOString() };
}
