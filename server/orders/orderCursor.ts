import { createHash } from 'node:crypto';
import { isInstant } from '../../shared/instant';
import { isSingleLineText } from '../http/textRules';
import type { OrderSort, SortKeyType } from './orderSorts';
import { isUuid } from '../http/uuid';

/** A value of a sort key column as a cursor carries it; timestamps as exact ISO text (microseconds). */
export type KeyValue = string | number;

/** What a cursor carries: where the previous page ended, and what the first page counted. */
export interface CursorState {
  /** The key values of the last row of the previous page. */
  key: KeyValue[];
  /** `total` as counted when the first page was read. */
  total: number;
}

/** Stored timestamps in the cursor: microseconds at most, as PostgreSQL keeps them. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
/** The range of PostgreSQL's smallint. */
const SMALLINT_MIN = -32_768;
const SMALLINT_MAX = 32_767;

/**
 * Whether a key value of a cursor is one the database takes for its column. A cursor is opaque but
 * not signed (anyone can encode one for a filter), so its keys pass the rules of every other input:
 * an instant as the product's one parser takes it, text without control characters, integers within
 * their column's range. Anything else is a 400 for the cursor, never an error of the database.
 */
function fits(value: unknown, type: SortKeyType): value is KeyValue {
  switch (type) {
    case 'timestamptz':
      return typeof value === 'string' && ISO_TIMESTAMP.test(value) && isInstant(value);
    case 'text':
      return typeof value === 'string' && value.length <= 200 && isSingleLineText(value);
    case 'bigint':
      return Number.isSafeInteger(value);
    case 'smallint':
      return Number.isSafeInteger(value) && (value as number) >= SMALLINT_MIN && (value as number) <= SMALLINT_MAX;
    case 'uuid':
      return typeof value === 'string' && isUuid(value);
  }
}

/** The filter a cursor was made for, reduced to what changes the result. */
export interface CursorFilter {
  begin?: string;
  end?: string;
  statuses?: readonly string[];
  search?: string;
  stations?: readonly string[];
  services?: readonly string[];
  priceMin?: number;
  priceMax?: number;
  doubleBooked?: boolean;
}

/**
 * A short fingerprint of the filter: a cursor (and the total it carries) belongs to one query, so a
 * cursor sent with another filter is refused instead of answering a page of something else.
 */
export function filterFingerprint(filter: CursorFilter): string {
  const instant = (value: string | undefined) => (value === undefined ? null : new Date(value).toISOString());
  const set = (values: readonly string[] | undefined) => [...new Set(values ?? [])].sort();
  const parts: unknown[] = [instant(filter.begin), instant(filter.end), set(filter.statuses), filter.search?.toLowerCase() ?? ''];
  const { stations, services, priceMin, priceMax } = filter;
  if (stations?.length || services?.length || priceMin !== undefined || priceMax !== undefined) {
    // Only when set: a filter without them keeps the fingerprint it had before they existed.
    parts.push(set(stations), set(services), priceMin ?? null, priceMax ?? null);
  }
  if (filter.doubleBooked) parts.push('doubleBooked');
  const canonical = JSON.stringify(parts);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

/**
 * The opaque cursor of a page: base64url of `{ s: sort, f: filter fingerprint, k: [key values of the
 * last row], t: total }`. Timestamps in `k` are the stored values to the microsecond, so the next
 * page starts exactly after the last row (PostgreSQL keeps microseconds, the API shows milliseconds).
 */
export function encodeCursor(sort: OrderSort, filter: CursorFilter, state: CursorState): string {
  const payload = { s: sort.name, f: filterFingerprint(filter), k: state.key, t: state.total };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The state in `cursor`, or undefined when it is malformed or made for another sort or filter. */
export function decodeCursor(cursor: string, sort: OrderSort, filter: CursorFilter): CursorState | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return undefined;
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof decoded !== 'object' || decoded === null) {
    return undefined;
  }
  const { s, f, k, t } = decoded as { s?: unknown; f?: unknown; k?: unknown; t?: unknown };
  if (s !== sort.name || f !== filterFingerprint(filter) || !Array.isArray(k) || k.length !== sort.keys.length) {
    return undefined;
  }
  if (!Number.isSafeInteger(t) || (t as number) < 0) {
    return undefined;
  }
  if (!sort.keys.every((key, index) => fits(k[index], key.type))) {
    return undefined;
  }
  return { key: k as KeyValue[], total: t as number };
}
