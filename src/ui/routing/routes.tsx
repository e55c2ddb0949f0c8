import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { HOME_PATH } from '../../domain/model/returnPath';
import { withRouteErrorPanels } from '../errors/withRouteErrorPanels';
import { RequireSession } from './RequireSession';
import { routeModules, shellModule } from './routeModules';
import { withAreaTexts } from './withAreaTexts';

// Each page is its own chunk, loaded when its route is first visited, or at start when the console
// starts on it (`preloadFirstScreen`): both take the one import of `routeModules`.
// The pages but the login, and the shell, bring their own texts (the entry's are the login page's).
const LoginPage = lazy(() => routeModules.login().then((m) => ({ default: m.LoginPage })));
const OrdersPage = lazy(() => routeModules.orders().then(([m, texts]) => ({ default: withAreaTexts(texts, m.OrdersPage) })));
const PlanningPage = lazy(() => routeModules.planning().then(([m, texts]) => ({ default: withAreaTexts(texts, m.PlanningPage) })));
const UsersPage = lazy(() => routeModules.users().then(([m, texts]) => ({ default: withAreaTexts(texts, m.UsersPage) })));
const SettingsPage = lazy(() => routeModules.settings().then(([m, texts]) => ({ default: withAreaTexts(texts, m.SettingsPage) })));
// The signed-in shell likewise: the login page loads neither it nor the overlays it draws with.
const AppShell = lazy(() => shellModule().then(([m, texts]) => ({ default: withAreaTexts(texts, m.AppShell) })));

/**
 * The console's routes: `/login`, `/orders`, `/orders/:id`, `/planning`, `/settings`, `/users`; `/` goes home. Each
 * has the error panel as its boundary.
 */
export const routes: RouteObject[] = withRouteErrorPanels([
  {
    path: '/login',
    element: (
      <Suspense fallback={null}>
        <LoginPage />
      </Suspense>
    ),
  },
  {
    path: '/',
    element: (
      <RequireSession>
        <Suspense fallback={<Spinner className="cockpit-page-spinner" />}>
          <AppShell />
        </Suspense>
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'orders/:id', element: <OrdersPage /> },
      { path: 'planning', element: <PlanningPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: '*', element: <Navigate to={HOME_PATH} replace /> },
    ],
  },
]);
