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

/**
 * The signed-in shell around every page but the login (header with its popovers, tooltips and
 * menus, the tour, Blueprint's overlay provider), a chunk of its own like the pages, imported once:
 * by its route or, on a signed-in start, by `preloadFirstScreen` beside the page.
 */
export const shellModule = loadOnce(() => import(/* webpackChunkName: "shell" */ '../shell/AppShell'));
