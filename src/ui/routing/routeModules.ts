import type { AreaTexts } from '../locales/areaTexts';
import { loadOnce } from './loadOnce';
import { pageServices, type ServicedPage } from './pageServices';

/**
 * A page's module and its own texts (`AreaTexts`), imported side by side into one chunk: the chunk's
 * name given to both imports makes webpack put them in one file, so the texts cost no request.
 */
const withTexts = <M>(page: Promise<M>, texts: Promise<AreaTexts>): Promise<[M, AreaTexts]> => Promise.all([page, texts]);

/** A page's code (`pageCode`) together with its services (`pageServices`), which its views resolve. */
const withServices = <M>(name: ServicedPage, code: Promise<[M, AreaTexts]>): Promise<[M, AreaTexts]> =>
  Promise.all([code, pageServices(name)]).then(([module]) => module);

/** Each page's code, its chunk imported once: the module and its own texts; `routeModules` adds the page's services to it. */
export const pageCode = {
  login: loadOnce(() => import(/* webpackChunkName: "login" */ '../login/LoginPage')),
  orders: loadOnce(() =>
    withTexts(
      import(/* webpackChunkName: "orders" */ '../orders/OrdersPage'),
      import(/* webpackChunkName: "orders" */ '../locales/ordersTexts').then((m) => m.ordersTexts),
    ),
  ),
  planning: loadOnce(() =>
    withTexts(
      import(/* webpackChunkName: "planning" */ '../planning/PlanningPage'),
      import(/* webpackChunkName: "planning" */ '../locales/planningTexts').then((m) => m.planningTexts),
    ),
  ),
  settings: loadOnce(() =>
    withTexts(
      import(/* webpackChunkName: "settings" */ '../settings/SettingsPage'),
      import(/* webpackChunkName: "settings" */ '../locales/settingsTexts').then((m) => m.settingsTexts),
    ),
  ),
  users: loadOnce(() =>
    withTexts(
      import(/* webpackChunkName: "users" */ '../users/UsersPage'),
      import(/* webpackChunkName: "users" */ '../locales/usersTexts').then((m) => m.usersTexts),
    ),
  ),
};

/**
 * The pages' modules with their services, imported once: by the route's lazy component when the
 * router shows it, or earlier by `preloadFirstScreen` when the console starts on it. The login page's
 * texts are the entry's; the other pages bring theirs.
 */
export const routeModules = {
  login: pageCode.login,
  orders: loadOnce(() => withServices('orders', pageCode.orders())),
  planning: loadOnce(() => withServices('planning', pageCode.planning())),
  settings: loadOnce(() => withServices('settings', pageCode.settings())),
  users: loadOnce(() => withServices('users', pageCode.users())),
};

/** A page that has a module of its own. */
export type RoutePage = keyof typeof routeModules;

/**
 * The signed-in shell around every page but the login (header with its popovers, tooltips and
 * menus, the tour, Blueprint's overlay provider) with its texts, a chunk of its own like the pages,
 * imported once: by its route or, on a signed-in start, by `preloadFirstScreen` beside the page.
 */
export const shellModule = loadOnce(() =>
  withTexts(
    import(/* webpackChunkName: "shell" */ '../shell/AppShell'),
    import(/* webpackChunkName: "shell" */ '../locales/shellTexts').then((m) => m.shellTexts),
  ),
);
