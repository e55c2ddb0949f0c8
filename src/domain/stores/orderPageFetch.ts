import type { Order, OrderQuery } from '../../../shared/Order';
import type { OrdersApi } from '../ports/OrdersApi';
import { firstPageQuery, PAGE_SIZE } from './firstPageQuery';
import type { PageSlot } from './orderPageSlot';

/** The API's largest page. */
const MAX_LIMIT = 500;

/** Extra rows asked for when a page's range is fetched again, for rows added meanwhile. */
const RANGE_SLACK = 10;

/** A page's rows as fetched (a range fetched again may span several answers). */
export interface FetchedPage {
  items: readonly Order[];
  nextCursor: string | null;
  total: number;
  lastEventId?: number;
}

/**
 * The rows of a page of the orders list (`OrdersListStore`) of `query`: a page reached for the first
 * time as one page after its cursor, a page loaded before as its range again.
 */
export function fetchPage(api: OrdersApi, query: OrderQuery, compare: (a: Order, b: Order) => number, slot: PageSlot): Promise<FetchedPage> {
  return slot.count === null ? fetchNewPage(api, query, slot) : fetchRange(api, query, compare, slot);
}

/** A page reached for the first time: the first, or one page after its cursor. */
function fetchNewPage(api: OrdersApi, query: OrderQuery, slot: PageSlot): Promise<FetchedPage> {
  const first = firstPageQuery(query);
  return api.list(slot.cursor ? { ...first, cursor: slot.cursor } : first);
}

/** A page's range again: from its cursor up to and including its last row, however many rows it has now. */
async function fetchRange(api: OrdersApi, query: OrderQuery, compare: (a: Order, b: Order) => number, slot: PageSlot): Promise<FetchedPage> {
  const items: Order[] = [];
  let cursor = slot.cursor;
  for (;;) {
    const limit = Math.min(MAX_LIMIT, Math.max(1, (slot.count ?? PAGE_SIZE) - items.length + RANGE_SLACK));
    const page = await api.list({ ...query, limit, ...(cursor ? { cursor } : {}) });
    for (const item of page.items) {
      if (slot.upper && compare(item, slot.upper) > 0) {
        return { items, nextCursor: null, total: page.total };
      }
      items.push(item);
    }
    if (!page.nextCursor) {
      return { items, nextCursor: null, total: page.total };
    }
    cursor = page.nextCursor;
  }
}
