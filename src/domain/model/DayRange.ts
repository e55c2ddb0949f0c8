import { FIRST_INSTANT, LAST_INSTANT, MAX_RANGE_DAYS } from '../../../shared/instant';
import { addDays, daysBetween, endOfLocalDate, isLocalDate, localDateOf, startOfLocalDate, utcDateOf, type LocalDate } from './LocalDate';

/** A range of whole days, both included. */
export interface DayRange {
  begin: LocalDate;
  end: LocalDate;
}

export type RangePreset = 'today' | 'thisWeek' | 'next7Days' | 'thisMonth';

export const RANGE_PRESETS: readonly RangePreset[] = ['today', 'thisWeek', 'next7Days', 'thisMonth'];

/**
 * The first day the filter offers: the day after the first supported instant's day in UTC. A day
 * becomes instants in the operator's own time zone, which is less than a day ahead of or behind
 * UTC (+14 to −12 hours): 2 January 2000 starts after 1 January 2000 00:00 UTC in every zone,
 * while 1 January 2000 would start before it anywhere east of Greenwich.
 */
export const FIRST_DAY: LocalDate = addDays(utcDateOf(Date.parse(FIRST_INSTANT)), 1);

/** The last day the filter offers: the day before the last supported instant's day in UTC (see `FIRST_DAY`). */
export const LAST_DAY: LocalDate = addDays(utcDateOf(Date.parse(LAST_INSTANT)), -1);

/** A range is a pair of real days whose begin is not after the end (it may still be unsupported). */
export function isDayRange(value: unknown): value is DayRange {
  const range = value as DayRange | null;
  return typeof range === 'object' && range !== null && isLocalDate(range.begin) && isLocalDate(range.end) && range.begin <= range.end;
}

/** Why a range cannot be asked for: no pair of days, a day outside the supported ones, begin after end, more than `MAX_RANGE_DAYS` days. */
export type DayRangeFault = 'notADay' | 'outOfBounds' | 'reversed' | 'tooLong';

/**
 * What makes `value` a range the API would refuse, or null when it is one it takes: both ends
 * real days from `FIRST_DAY` to `LAST_DAY`, begin not after end, at most `MAX_RANGE_DAYS`
 * days with both ends counted. The instants of such a range (`rangeInstants`) are supported
 * instants whose span is supported, in any time zone.
 */
export function dayRangeFault(value: unknown): DayRangeFault | null {
  const range = value as DayRange | null;
  if (typeof range !== 'object' || range === null || !isLocalDate(range.begin) || !isLocalDate(range.end)) {
    return 'notADay';
  }
  if (!isSupportedDay(range.begin) || !isSupportedDay(range.end)) {
    return 'outOfBounds';
  }
  if (range.begin > range.end) {
    return 'reversed';
  }
  return daysBetween(range.begin, range.end) + 1 > MAX_RANGE_DAYS ? 'tooLong' : null;
}

/** Whether `value` is a range the console may ask the API for (see `dayRangeFault`). */
export function isSupportedDayRange(value: unknown): boolean {
  return dayRangeFault(value) === null;
}

/**
 * The days one end of a supported `range` may move to while the other stays: within the
 * supported days, not past the other end, and at most `MAX_RANGE_DAYS` days from it.
 */
export function dayBounds(range: DayRange, end: keyof DayRange): { min: LocalDate; max: LocalDate } {
  const span = MAX_RANGE_DAYS - 1;
  return end === 'begin'
    ? { min: laterOf(FIRST_DAY, addDays(range.end, -span)), max: earlierOf(range.end, LAST_DAY) }
    : { min: laterOf(range.begin, FIRST_DAY), max: earlierOf(addDays(range.begin, span), LAST_DAY) };
}

function isSupportedDay(day: LocalDate): boolean {
  return day >= FIRST_DAY && day <= LAST_DAY;
}

function earlierOf(a: LocalDate, b: LocalDate): LocalDate {
  return a <= b ? a : b;
}

function laterOf(a: LocalDate, b: LocalDate): LocalDate {
  return a >= b ? a : b;
}

/** `day`, or the nearest supported day when it lies outside them. */
function clampDay(day: LocalDate): LocalDate {
  return laterOf(FIRST_DAY, earlierOf(day, LAST_DAY));
}

/** The week (Monday to Sunday) that holds `now`. */
export function weekOf(now: Date): DayRange {
  const today = localDateOf(now);
  const sinceMonday = (now.getDay() + 6) % 7;
  const begin = addDays(today, -sinceMonday);
  return { begin, end: addDays(begin, 6) };
}

/**
 * The days of `preset` at `now`, cut to the supported days (a preset is at most a month long, so
 * only the very first and last days of the supported years cut anything).
 */
export function presetRange(preset: RangePreset, now: Date): DayRange {
  const { begin, end } = uncutPresetRange(preset, now);
  return { begin: clampDay(begin), end: clampDay(end) };
}

function uncutPresetRange(preset: RangePreset, now: Date): DayRange {
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
 * The instants the API compares with: from the begin day's 00:00 to the end day's
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
