/**
 * The wait a `Retry-After` header asks for, in milliseconds from `now` (epoch milliseconds): whole
 * seconds (`120`) or an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`, and the older forms, which all
 * begin with the day's name); a date in the past is no wait. Null when the header is missing or
 * unreadable (`-5`, `1.5`, `soon`, a bare `2026-10-21`). The one rule of the console (its live
 * stream) and the backend (a push service's answer).
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  const value = header?.trim();
  if (!value) {
    return null;
  }
  if (/^\d+$/.test(value)) {
    return Number(value) * 1000;
  }
  if (!/^[A-Za-z]{3}/.test(value)) {
    return null;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
