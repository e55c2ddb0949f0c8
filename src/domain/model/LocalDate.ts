/**
 * A calendar day without a time or zone, as `YYYY-MM-DD`. The orders filter speaks in days; a day
 * becomes instants only at the edge, in the operator's own time zone.
 */
export type LocalDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAY_MS = 24 * 60 * 60 * 1000;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The day of a `Date` in local time. */
export function localDateOf(date: Date): LocalDate {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight starting `day`, or null when `day` is no real calendar day. */
export function startOfLocalDate(day: unknown): Date | null {
  if (typeof day !== 'string') {
    return null;
  }
  const match = PATTERN.exec(day);
  if (!match) {
    return null;
  }
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const result = new Date(year, month - 1, date, 0, 0, 0, 0);
  return result.getFullYear() === year && result.getMonth() === month - 1 && result.getDate() === date ? result : null;
}

export function isLocalDate(value: unknown): value is LocalDate {
  return startOfLocalDate(value) !== null;
}

/** The last millisecond of `day` in local time (23:59:59.999). */
export function endOfLocalDate(day: LocalDate): Date | null {
  const start = startOfLocalDate(day);
  return start && new Date(start.getFullYear(), start.getMonth(), start.getDate(), 23, 59, 59, 999);
}

/** The calendar day in UTC of an instant (milliseconds since the epoch). */
export function utcDateOf(instant: number): LocalDate {
  const date = new Date(instant);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * Calendar days from `from` to `to`, negative when `to` is earlier; a change of summer time
 * between them does not count.
 */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const start = startOfLocalDate(from);
  const end = startOfLocalDate(to);
  if (!start || !end) {
    throw new RangeError(`not a day: ${start ? to : from}`);
  }
  const utcDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((utcDay(end) - utcDay(start)) / DAY_MS);
}

/** `day` moved by `days` (negative for earlier). */
export function addDays(day: LocalDate, days: number): LocalDate {
  const start = startOfLocalDate(day);
  if (!start) {
    throw new RangeError(`not a day: ${day}`);
  }
  return localDateOf(new Date(start.getFullYear(), start.getMonth(), start.getDate() + days));
}
