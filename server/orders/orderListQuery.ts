import type { Language } from '../../src/domain/model/Language';
import type { FieldError } from '../../src/domain/model/Problem';
import { ORDER_STATUSES, type OrderStatus } from '../../src/domain/model/OrderStatus';
import { fieldError } from '../http/fieldErrors';
import { ProblemError } from '../http/ProblemError';
import { decodeCursor } from './orderCursor';
import type { OrderListCriteria } from './OrderRepository';
import { DEFAULT_ORDER_SORT, ORDER_SORTS, orderSort, type OrderSortName } from './orderSorts';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

/** The query string of `GET /api/orders`; anything else in it is refused with 400. */
export const orderListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    begin: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
    status: { type: 'array', maxItems: ORDER_STATUSES.length, items: { type: 'string', enum: ORDER_STATUSES } },
    q: { type: 'string', maxLength: 100 },
    sort: { type: 'string', enum: ORDER_SORTS, default: DEFAULT_ORDER_SORT },
    cursor: { type: 'string', minLength: 1, maxLength: 1000 },
  },
} as const;

export interface OrderListQuery {
  limit: number;
  begin?: string;
  end?: string;
  status?: OrderStatus[];
  q?: string;
  sort: OrderSortName;
  cursor?: string;
}

/** The criteria of a validated query; 400 when the range is reversed or the cursor does not fit. */
export function orderListCriteria(tenantId: string, query: OrderListQuery, locale: Language): OrderListCriteria {
  const sort = orderSort(query.sort);
  const errors: FieldError[] = [];
  if (query.begin !== undefined && query.end !== undefined && Date.parse(query.begin) > Date.parse(query.end)) {
    errors.push(fieldError('begin', 'notAfterEnd', locale));
  }
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
  if (query.cursor !== undefined && after === undefined) {
    errors.push(fieldError('cursor', 'cursor', locale));
  }
  if (errors.length > 0) {
    throw new ProblemError('validation', { errors });
  }
  const search = query.q?.trim();
  return {
    tenantId,
    begin: query.begin,
    end: query.end,
    statuses: query.status,
    search: search === '' ? undefined : search,
    sort,
    after,
    limit: query.limit,
  };
}
