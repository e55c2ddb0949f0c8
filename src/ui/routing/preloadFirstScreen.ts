import type { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { orderCriteriaFromSearch } from '../orders/orderCriteriaFromSearch';
import { firstPage } from './firstPage';
import { routeModules } from './routeModules';

const ignore = (): void => undefined;

/**
 * Starts what the first screen waits for at once, side by side, instead of one after the other:
 * the module of the page the start shows (the route's lazy component then finds it loading or
 * loaded) and, for the orders, the first page of the list with the stored days and the URL's
 * status, search and sort (the page then finds that load under way or done).
 */
export function preloadFirstScreen(location: { pathname: string; search: string }, signedIn: boolean, list: OrdersListStore): void {
  const { page, ordersSearch } = firstPage(location, signedIn);
  // A failure is the route's to show: its own import tries again.
  routeModules[page]().catch(ignore);
  if (page === 'orders') {
    void list.preload(orderCriteriaFromSearch(ordersSearch));
  }
}
