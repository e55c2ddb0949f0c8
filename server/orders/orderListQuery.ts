import type { Language } from '../../shared/Language';
import type { FieldError } from '../../shared/Problem';
import type { OrderStatus } from '../../shared/OrderStatus';
import { isSupportedSpan, MAX_RANGE_DAYS, parseInstant } from '../../shared/instant';
import { fieldError } from '../http/fieldErrors';
import { ProblemError } from '../http/ProblemError';
import { type CursorFilter, decodeCursor } from './orderCursor';
import type { OrderFilter } from './orderFilterSql';
import type { OrderListCriteria } from './orderPageSql';
import { type OrderSort, orderSort, type OrderSortName } from './orderSorts';


export interface OrderFilterQuery {
  begin: string;
  end: string;
  status?: OrderStatus[];
  q?: string;
  station?: string[];
  service?: string[];
  priceMin?: number;
  priceMax?: number;
  /** Only double-booked orders. */
  doubleBooked?: boolean;
  sort: OrderSortName;
}

export interface OrderListQuery extends OrderFilterQuery {
  limit: number;
  cursor?: string;
}

export interface OrderExportQuery extends OrderFilterQuery {
  /** The contract's default when the request names none. */
  tz: string;
}

/** What a cursor is checked against: the filter as the query states it. */
export function cursorFilter(filter: OrderFilter): CursorFilter {
  const { begin, end, statuses, search, stations, services, priceMin, priceMax, doubleBooked } = filter;
  return { begin, end, statuses, search, stations, services, priceMin, priceMax, doubleBooked };
}

/**
 * The filter of a validated query, its instants in canonical form; field errors for a reversed range
 * or one longer than the product supports, or reversed price bounds, are added to `errors`.
 */
function orderFilter(tenantId: string, query: OrderFilterQuery, locale: Language, errors: FieldError[]): OrderFilter {
  // Valid instants: the schema's `date-time` format is the same parser.
  const begin = parseInstant(query.begin) ?? Number.NaN;
  const end = parseInstant(query.end) ?? Number.NaN;
  if (begin > end) {
    errors.push(fieldError('begin', 'notAfterEnd', locale));
  } else if (!isSupportedSpan(begin, end)) {
    errors.push(fieldError('end', 'rangeTooLong', locale, String(MAX_RANGE_DAYS)));
  }
  const { priceMin, priceMax } = query;
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) {
    errors.push(fieldError('priceMin', 'maximum', locale, String(priceMax)));
  }
  const search = query.q?.trim();
  return {
    tenantId,
    begin: new Date(begin).toISOString(),
    end: new Date(end).toISOString(),
    statuses: query.status,
    search: search === '' ? undefined : search,
    stations: query.station,
    services: query.service,
    priceMin,
    priceMax,
    ...(query.doubleBooked ? { doubleBooked: true } : {}),
  };
}

/**
 * The criteria of a validated list query, and the total its cursor carries (undefined on a first
 * page); 400 when the range is reversed or the cursor does not fit the sort and filter.
 */
export function orderListCriteria(
  tenantId: string,
  query: OrderListQuery,
  locale: Language,
): { criteria: OrderListCriteria; cursorTotal?: number } {
  const sort = orderSort(query.sort);
  const errors: FieldError[] = [];
  const filter = orderFilter(tenantId, query, locale, errors);
  const state = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort, cursorFilter(filter));
  if (query.cursor !== undefined && state === undefined) {
    errors.push(fieldError('cursor', 'cursor', locale));
  }
  if (errors.length > 0) {
    throw new ProblemError('validation', { errors });
  }
  return { criteria: { ...filter, sort, after: state?.key, limit: query.limit }, cursorTotal: state?.total };
}

/** Whether `zone` is a time zone this process knows (IANA names such as `Europe/Berlin`, or `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(zone)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface OrderSelectionExport {
  ids: string[];
  sort: OrderSortName;
  /** The contract's default when the request names none. */
  tz: string;
}

/** What an export writes: the orders of a filter in the order of a sort, dates in a time zone. */
export interface OrderExportCriteria {
  filter: OrderFilter;
  sort: OrderSort;
  timeZone: string;
}

/** The criteria, or a 400 naming every field in error (`errors`, and `tz` when no zone of this process). */
function exportCriteria(filter: OrderFilter, sort: OrderSortName, tz: string, locale: Language, errors: FieldError[]): OrderExportCriteria {
  if (!isTimeZone(tz)) {
    errors.push(fieldError('tz', 'timeZone', locale));
  }
  if (errors.length > 0) {
    throw new ProblemError('validation', { errors });
  }
  return { filter, sort: orderSort(sort), timeZone: tz };
}

/** The filter, sort and time zone of a validated export query; 400 for a reversed range or an unknown zone. */
export function orderExportCriteria(tenantId: string, query: OrderExportQuery, locale: Language): OrderExportCriteria {
  const errors: FieldError[] = [];
  const filter = orderFilter(tenantId, query, locale, errors);
  return exportCriteria(filter, query.sort, query.tz, locale, errors);
}

/**
 * The criteria of an export of chosen orders: those of the ids that are the tenant's (others name
 * nothing); 400 when an order is named twice or the zone is unknown.
 */
export function orderSelectionExportCriteria(tenantId: string, body: OrderSelectionExport, locale: Language): OrderExportCriteria {
  const errors: FieldError[] = [];
  const ids = body.ids.map((id) => id.toLowerCase());
  if (new Set(ids).size !== ids.length) {
    errors.push(fieldError('ids', 'distinctOrders', locale));
  }
  return exportCriteria({ tenantId, ids }, body.sort, body.tz, locale, errors);
}
