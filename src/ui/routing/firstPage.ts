import { LOGIN_PATH } from '../../domain/model/returnPath';
import type { RoutePage } from './routeModules';

/** Paths that show the orders list and read its criteria from their search (`useOrderCriteria`). */
const ORDERS_PATH = /^\/orders(\/[^/]+)?\/?$/;

/** What a console starting on a location shows first, as the routes decide it. */
export interface FirstPage {
  page: RoutePage;
  /** The search the orders list takes its criteria from ('' when the routes send the start elsewhere first). */
  ordersSearch: string;
}

/**
 * The page a start on `pathname` shows, following the routes: signed out, every path leads to the
 * login (`RequireSession`); signed in, `/planning`, `/settings`, `/users` and `/login` are theirs, and the orders paths,
 * `/` and unknown paths show the orders (the last two by a redirect to `/orders` that drops the search).
 */
export function firstPage(location: { pathname: string; search: string }, signedIn: boolean): FirstPage {
  const { pathname, search } = location;
  if (!signedIn || pathname === LOGIN_PATH) {
    return { page: 'login', ordersSearch: '' };
  }
  if (pathname === '/settings') {
    return { page: 'settings', ordersSearch: '' };
  }
  if (pathname === '/planning') {
    return { page: 'planning', ordersSearch: '' };
  }
  if (pathname === '/users') {
    return { page: 'users', ordersSearch: '' };
  }
  return { page: 'orders', ordersSearch: ORDERS_PATH.test(pathname) ? search : '' };
}
