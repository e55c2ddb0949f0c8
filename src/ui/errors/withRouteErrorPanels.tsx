import type { RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteErrorPanel } from './RouteErrorPanel';

/**
 * Gives every route, nested ones included, an error boundary around its element that shows the
 * error panel (or the route's own `errorElement`, which the declarative router would not show by
 * itself) in its place: what the element throws while rendering (a lazy page whose chunk fails to
 * load, too); on a child route the shell around it stays.
 */
export function withRouteErrorPanels(routes: RouteObject[]): RouteObject[] {
  return routes.map(({ errorElement, ...route }) => {
    const guarded: RouteObject = {
      ...route,
      element: <RouteErrorBoundary fallback={errorElement ?? <RouteErrorPanel />}>{route.element}</RouteErrorBoundary>,
    } as RouteObject;
    return guarded.children ? ({ ...guarded, children: withRouteErrorPanels(guarded.children) } as RouteObject) : guarded;
  });
}
