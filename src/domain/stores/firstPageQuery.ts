import type { OrderQuery } from '../../../shared/Order';

/** Orders per page requested from the API. */
export const PAGE_SIZE = 100;

/** What the orders list asks `OrdersApi.list` for as the first page of `query`: one page, no cursor. */
export function firstPageQuery(query: OrderQuery): OrderQuery {
  return { ...query, limit: PAGE_SIZE };
}
