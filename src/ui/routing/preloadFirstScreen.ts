import type { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { loadOrderDetailDrawer } from '../orders/OrderDetailDrawerModule';
import { loadOrderCards } from '../orders/orderCardsModule';
import { orderCriteriaFromSearch } from '../orders/orderCriteriaFromSearch';
import { firstPage } from './firstPage';
import { routeModules, shellModule } from './routeModules';

const ignore = (): void => undefined;

/** A start on one order (`/orders/:id`) shows its drawer at once. */
const ORDER_PATH = /^\/orders\/[^/]+\/?$/;

/**
 * Starts what the first screen waits for at once, side by side, instead of one after the other:
 * the module of the page the start shows (the route's lazy component then finds it loading or
 * loaded), the signed-in shell around every page but the login and, for the orders, the first
 * page of the list with the stored days and the URL's status, search and sort (the page then
 * finds that load under way or done); on `/orders/:id` the order drawer's chunk as well, and on a
 * phone (`phone`) the cards the orders show there.
 */
export function preloadFirstScreen(location: { pathname: string; search: string }, signedIn: boolean, list: OrdersListStore, phone = false): void {
  const { page, ordersSearch } = firstPage(location, signedIn);
  // A failure is the route's to show: its own import tries again.
  routeModules[page]().catch(ignore);
  if (page !== 'login') {
    shellModule().catch(ignore);
  }
  if (page === 'orders') {
    void list.preload(orderCriteriaFromSearch(ordersSearch));
    if (phone) {
      loadOrderCards().catch(ignore);
    }
    if (ORDER_PATH.test(location.pathname)) {
      loadOrderDetailDrawer().catch(ignore);
    }
  }
}
