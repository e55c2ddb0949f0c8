import { loadOnce } from './loadOnce';

/**
 * The pages' modules, each its own chunk, imported once: by the route's lazy component when the
 * router shows it, or earlier by `preloadFirstScreen` when the console starts on it.
 */
export const routeModules = {
  login: loadOnce(() => import(/* webpackChunkName: "login" */ '../login/LoginPage')),
  orders: loadOnce(() => import(/* webpackChunkName: "orders" */ '../orders/OrdersPage')),
  settings: loadOnce(() => import(/* webpackChunkName: "settings" */ '../settings/SettingsPage')),
};

/** A page that has a module of its own. */
export type RoutePage = keyof typeof routeModules;
