/**
 * The wait a `Retry-After` header asks for in milliseconds (seconds or an HTTP date), or null when
 * the header is missing or unreadable.
 */
export function retryAfter(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') {
    return null;
  }
  const value = header.trim();
  if (/^\d+$/.test(value)) {
    return Number(value) * 1000;
  }
  if (!/^[A-Za-z]/.test(value)) {
    return null;
  }
  // An HTTP date: `Sat, 21 Nov 2026 09:00:45 GMT`.
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
