import { MAX_RANGE_DAYS } from '../../../shared/instant';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The range the list and the export require: both instants, at most 366 days apart. */
export interface OrderRange {
  begin: string;
  end: string;
}

/**
 * A range around `now` that holds every order a test server seeds (they begin from 61 days before
 * to 61 days after it, and last hours to days): half of the longest range the API takes on either
 * side, so that a test may also insert orders some months away from its clock.
 */
export function seededRange(now: Date = new Date()): OrderRange {
  const half = Math.floor(MAX_RANGE_DAYS / 2) * DAY_MS;
  return { begin: new Date(now.getTime() - half).toISOString(), end: new Date(now.getTime() + half).toISOString() };
}

/** The query parameters of `range`: `begin=…&end=…`. */
export function rangeQuery(range: OrderRange): string {
  return `begin=${encodeURIComponent(range.begin)}&end=${encodeURIComponent(range.end)}`;
}

/**
 * `target` (a path with or without a query, or a query alone: `''`, `?limit=5`) with `range` added
 * when its query names neither `begin` nor `end`. A query that names either is left as it is, so that
 * a test of a one-sided or invalid range still sends exactly what it means to.
 */
export function withRange(target: string, range: OrderRange): string {
  const start = target.indexOf('?');
  const path = start < 0 ? target : target.slice(0, start);
  const search = start < 0 ? '' : target.slice(start + 1);
  const params = new URLSearchParams(search);
  if (params.has('begin') || params.has('end')) {
    return target;
  }
  return `${path}?${search === '' ? '' : `${search}&`}${rangeQuery(range)}`;
}
