/**
 * The wait a `Retry-After` header asks for, in milliseconds from `now`: whole seconds (`120`) or an
 * HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`); a date in the past is no wait. Undefined when the
 * header is missing or unreadable.
 */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  const value = header?.trim();
  if (!value) {
    return undefined;
  }
  if (/^\d+$/.test(value)) {
    return Number(value) * 1000;
  }
  const date = Date.parse(value);
  // Only the HTTP date forms, which all name the zone (a bare "2026-10-21" would be read as UTC by chance).
  if (Number.isNaN(date) || !/[A-Za-z]{3}/.test(value)) {
    return undefined;
  }
  return Math.max(0, date - now.getTime());
}
