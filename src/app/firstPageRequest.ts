import type { Language } from '../../shared/Language';
import type { OrderPage, OrderQuery } from '../../shared/Order';
import { isSupportedDayRange, presetRange, type DayRange } from '../domain/model/DayRange';
import { orderQuery } from '../domain/model/orderQuery';
import { firstPageQuery } from '../domain/stores/firstPageQuery';
import { ORDERS_SLICE } from '../domain/stores/OrdersFilterStore';
import { HttpOrdersApi } from '../infrastructure/api/HttpOrdersApi';
import { embeddedRuntimeConfig } from '../infrastructure/config/embeddedRuntimeConfig';
import { FetchHttpClient, type FetchWindow } from '../infrastructure/http/FetchHttpClient';
import { SlicedStorage, STATE_KEY } from '../infrastructure/persistence/SlicedStorage';
import { orderCriteriaFromSearch } from '../ui/orders/orderCriteriaFromSearch';
import { firstPage } from '../ui/routing/firstPage';
import { storedSession, type StoredSession } from './storedSession';

/** The first screen's page of orders, asked for by the entry before the console is made. */
export interface FirstPageRequest {
  /** The session it was asked with: only the same session may take it. */
  token: string;
  language: Language;
  /** What was asked (`OrdersApi.list`), as the list asks for its first page (`firstPageQuery`). */
  query: OrderQuery;
  /** The answer; rejects as `OrdersApi.list` does. */
  page: Promise<OrderPage>;
}

const ignore = (): undefined => undefined;

/**
 * Asks for the first page of orders of a signed-in start on the orders, before React, the libraries
 * and the container are evaluated: with the session and days as the stores will restore them from
 * `cockpit.state` (`storedSession`: an unexpired token; the stored days when the API takes them, else this week), the
 * URL's status, search and sort, and through the HttpClient and OrdersApi the console uses (same
 * URL, same headers). Null when the start shows no orders (signed out, another page), the page has
 * no runtime configuration (the development server's), or the storage cannot be read.
 *
 * It is an offer (`OrdersListStore.offerFirstPage`): the list takes its answer only for the same
 * session and query, and asks again, through the console's own HttpClient, when it failed, so a 401
 * ends the session as any other does.
 */
export function requestFirstPage(
  win: Pick<Window, 'document' | 'localStorage' | 'location'> & FetchWindow,
  now = Date.now(),
  session: StoredSession | null = storedSession(win, now),
): FirstPageRequest | null {
  try {
    const config = embeddedRuntimeConfig(win.document);
    if (!config || !session) {
      return null;
    }
    const { page, ordersSearch } = firstPage(win.location, true);
    if (page !== 'orders') {
      return null;
    }
    const { token, language } = session;
    const stored = new SlicedStorage(win.localStorage, STATE_KEY).getItem(ORDERS_SLICE)?.['filter'];
    const range: DayRange = isSupportedDayRange(stored) ? (stored as DayRange) : presetRange('thisWeek', new Date(now));
    const query = firstPageQuery(orderQuery({ begin: range.begin, end: range.end }, orderCriteriaFromSearch(ordersSearch)));
    const http = new FetchHttpClient({ token, language }, { baseURL: config.apiBase, window: win });
    const answer = new HttpOrdersApi(http).list(query);
    // Whoever takes it handles a failure; nobody may take it.
    answer.catch(ignore);
    return { token, language, query, page: answer };
  } catch {
    // A storage the browser refuses (its settings), an unusable page: the console asks as it always did.
    return null;
  }
}
