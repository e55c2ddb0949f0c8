/** `2026-11-24T13:05:00.000Z`: the form `Date.prototype.toISOString` writes and the API sends. */
function isCanonical(instant: string): boolean {
  return instant.length === 24 && instant.charCodeAt(23) === 90 /* Z */ && instant.charCodeAt(10) === 84; /* T */
}

/**
 * Negative, zero or positive as the instant `a` is before, at or after `b`. Two instants in the
 * canonical UTC form compare as text (its fields run from year to millisecond at fixed places), the
 * common case, which costs no parsing; any other ISO 8601 form (an offset, no milliseconds) is parsed.
 */
export function compareInstants(a: string, b: string): number {
  if (isCanonical(a) && isCanonical(b)) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return Date.parse(a) - Date.parse(b);
}
