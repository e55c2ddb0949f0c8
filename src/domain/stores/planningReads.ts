import type { OrderPage, OrderQuery } from '../../../shared/Order';
import type { OrdersApi } from '../ports/OrdersApi';

/** Orders per page the board reads: the most the contract allows (`limit` of `GET /api/orders`). */
export const BOARD_PAGE_SIZE = 500;

/** Stations whose pages are read at the same time. */
const STATIONS_AT_ONCE = 2;

/**
 * Reads every page of `query` in keyset order, handing each to `onPage` as it arrives, while
 * `current()` says the read is still wanted; answers whether it read them all.
 */
export async function readEveryPage(api: OrdersApi, query: OrderQuery, current: () => boolean, onPage: (page: OrderPage) => void): Promise<boolean> {
  let cursor: string | null = null;
  do {
    const page = await api.list({ ...query, limit: BOARD_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) });
    if (!current()) return false;
    onPage(page);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return true;
}

/**
 * Runs `readRow` for each station in the order of the rows: the first alone (it is on screen as the
 * board opens), then the others {@link STATIONS_AT_ONCE} at a time, while `current()` holds.
 */
export async function readStationsInOrder(stations: readonly string[], current: () => boolean, readRow: (station: string) => Promise<void>): Promise<void> {
  const [first, ...rest] = stations;
  if (first !== undefined) await readRow(first);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let station = rest[next++]; station !== undefined && current(); station = rest[next++]) await readRow(station);
  };
  await Promise.all(Array.from({ length: STATIONS_AT_ONCE }, lane));
}
