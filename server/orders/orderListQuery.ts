import type { Language } from '../../shared/Language';
import type { FieldError } from '../../shared/Problem';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/OrderStatus';
import { isSupportedSpan, MAX_RANGE_DAYS, parseInstant } from '../../shared/instant';
import { fieldError } from '../http/fieldErrors';
import { ProblemError } from '../http/ProblemError';
import { singleLineText } from '../http/textSchemas';
import { type CursorFilter, decodeCursor } from './orderCursor';
import type { OrderFilter } from './orderFilterSql';
import type { OrderListCriteria } from './orderPageSql';
import { DEFAULT_ORDER_SORT, ORDER_SORTS, type OrderSort, orderSort, type OrderSortName } from './orderSorts';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export const MAX_SEARCH_LENGTH = 100;

/** The most stations (and services) one filter names, and the longest name. */
export const MAX_FILTER_NAMES = 50;
export const MAX_FILTER_NAME_LENGTH = 100;
/** The highest price bound, in cents. */
export const MAX_PRICE_BOUND = 10_000_000_000;

/** Repeatable names (`station=Kiel&station=Bremen`): any of them, exactly. */
const names = { type: 'array', maxItems: MAX_FILTER_NAMES, items: singleLineText({ minLength: 1, maxLength: MAX_FILTER_NAME_LENGTH }) } as const;
const priceBound = { type: 'integer', minimum: 0, maximum: MAX_PRICE_BOUND } as const;

/**
 * The filter parameters shared by the list and the CSV export. The range is required: no list,
 * count or export walks an unbounded range.
 */
const filterProperties = {
  begin: { type: 'string', format: 'date-time' },
  end: { type: 'string', format: 'date-time' },
  status: { type: 'array', maxItems: ORDER_STATUSES.length, items: { type: 'string', enum: ORDER_STATUSES } },
  q: singleLineText({ maxLength: MAX_SEARCH_LENGTH }),
  station: names,
  service: names,
  priceMin: priceBound,
  priceMax: priceBound,
  sort: { type: 'string', enum: ORDER_SORTS, default: DEFAULT_ORDER_SORT },
} as const;
const filterRequired = ['begin', 'end'] as const;

/** The query string of `GET /api/orders`; anything else in it is refused with 400. */
export const orderListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: filterRequired,
  properties: {
    ...filterProperties,
    limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    cursor: { type: 'string', minLength: 1, maxLength: 1000 },
  },
} as const;

/** The query string of `GET /api/orders/export.csv`: the list's filter and sort, and the time zone of the dates. */
export const orderExportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: filterRequired,
  properties: {
    ...filterProperties,
    tz: singleLineText({ minLength: 1, maxLength: 64 }),
  },
} as const;

export interface OrderFilterQuery {
  begin: string;
  end: string;
  status?: OrderStatus[];
  q?: string;
  station?: string[];
  service?: string[];
  priceMin?: number;
  priceMax?: number;
  sort: OrderSortName;
}

export interface OrderListQuery extends OrderFilterQuery {
  limit: number;
  cursor?: string;
}

export interface OrderExportQuery extends OrderFilterQuery {
  tz?: string;
}

/** What a cursor is checked against: the filter as the query states it. */
export function cursorFilter(filter: OrderFilter): CursorFilter {
  const { begin, end, statuses, search, stations, services, priceMin, priceMax } = filter;
  return { begin, end, statuses, search, stations, services, priceMin, priceMax };
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

export const DEFAULT_EXPORT_TIME_ZONE = 'Europe/Berlin';

/** The most orders one export of chosen orders names. */
export const MAX_EXPORT_IDS = 1000;

/** The body of `POST /api/orders/export.csv`: chosen orders, the list's sort and the time zone of the dates. */
export const orderSelectionExportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EXPORT_IDS,
      items: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
    },
    sort: filterProperties.sort,
    tz: orderExportQuerySchema.properties.tz,
  },
} as const;

export interface OrderSelectionExport {
  ids: string[];
  sort: OrderSortName;
  tz?: string;
}

/** What an export writes: the orders of a filter in the order of a sort, dates in a time zone. */
export interface OrderExportCriteria {
  filter: OrderFilter;
  sort: OrderSort;
  timeZone: string;
}

/** The criteria, or a 400 naming every field in error (`errors`, and `tz` when no zone of this process). */
function exportCriteria(filter: OrderFilter, sort: OrderSortName, tz: string | undefined, locale: Language, errors: FieldError[]): OrderExportCriteria {
  const timeZone = tz ?? DEFAULT_EXPORT_TIME_ZONE;
  if (!isTimeZone(timeZone)) {
    errors.push(fieldError('tz', 'timeZone', locale));
  }
  if (errors.length > 0) {
    throw new ProblemError('validation', { errors });
  }
  return { filter, sort: orderSort(sort), timeZone };
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
