/** Wall-clock time in an IANA time zone, with `Intl` (no time zone library on the server). */
export interface WallTime {
  year: number;
  /** 1 … 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 1 Monday … 7 Sunday */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let result = formats.get(timeZone);
  if (!result) {
    result = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, result);
  }
  return result;
}

/** What the clocks of `timeZone` show at `instant`. */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of format(timeZone).formatToParts(instant)) {
    parts[part.type] = part.value;
  }
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
  };
}

/** How far the clocks of `timeZone` are ahead of UTC at `epochMs`, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const wall = wallTime(new Date(epochMs), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant at which the clocks of `timeZone` show the date and time given (days and hours may
 * overflow, as with `Date.UTC`). A time skipped by a clock change lands after it.
 */
export function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return new Date(second);
}

/** The week (Monday 00:00 up to the next Monday 00:00) of `instant` in `timeZone`. */
export function weekOf(instant: Date, timeZone: string): { start: Date; end: Date } {
  const wall = wallTime(instant, timeZone);
  const monday = wall.day - (wall.weekday - 1);
  return {
    start: zonedInstant(wall.year, wall.month, monday, 0, 0, timeZone),
    end: zonedInstant(wall.year, wall.month, monday + 7, 0, 0, timeZone),
  };
}
