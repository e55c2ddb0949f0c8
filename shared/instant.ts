/**
 * Instants as the product takes them: RFC 3339 date-times with an offset (`2026-01-31T08:00:00Z`,
 * `2026-01-31T09:00:00.5+01:00`), seconds 00–59 (no leap second), between 2000-01-01T00:00:00Z and
 * the end of 2100 (UTC). One parser for the console and every route of the backend: what it refuses
 * never reaches a database or a `Date`.
 */

/** The first instant the product supports. */
export const FIRST_INSTANT = '2000-01-01T00:00:00.000Z';
/** The last instant the product supports. */
export const LAST_INSTANT = '2100-12-31T23:59:59.999Z';

const FIRST_MS = Date.parse(FIRST_INSTANT);
const LAST_MS = Date.parse(LAST_INSTANT);

/** The longest range of days a list or export may ask for. */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The longest span between a range's begin and end instants: MAX_RANGE_DAYS whole local days, with
 * a day to spare so that such a range fits in any time zone and across a change of summer time.
 */
export const MAX_RANGE_MS = (MAX_RANGE_DAYS + 1) * DAY_MS;

const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The milliseconds since the epoch of `text`, or undefined when it is not a strict RFC 3339
 * date-time with an offset, names no real calendar day or time, or lies outside the supported
 * years. Digits beyond milliseconds are cut off (the API shows milliseconds).
 */
export function parseInstant(text: string): number | undefined {
  const match = RFC_3339.exec(text);
  if (!match) {
    return undefined;
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  let offsetMinutes = 0;
  if (match[9] !== undefined) {
    const offsetHours = Number(match[10]);
    const offsetRest = Number(match[11]);
    if (offsetHours > 23 || offsetRest > 59) {
      return undefined;
    }
    offsetMinutes = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  const millis = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  return utc >= FIRST_MS && utc <= LAST_MS ? utc : undefined;
}

/** Whether `text` is an instant the product takes (see `parseInstant`). */
export function isInstant(text: string): boolean {
  return parseInstant(text) !== undefined;
}

/** Whether the range from `begin` to `end` (milliseconds) is no longer than the product supports. */
export function isSupportedSpan(beginMs: number, endMs: number): boolean {
  return endMs - beginMs <= MAX_RANGE_MS;
}
