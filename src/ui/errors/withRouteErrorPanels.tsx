import type { RouteObject } from 'react-router-dom';
import { RouteErrorPanel } from './RouteErrorPanel';

/**
 * Gives every route, nested ones included, the error panel as its error boundary (unless it has its
 * own). The router's boundary catches what the route's element throws while rendering (a lazy page
 * whose chunk fails to load, too) and what a loader throws; on a child route the shell around it stays.
 */
export function withRouteErrorPanels(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const guarded = route.errorElement !== undefined || route.ErrorBoundary ? route : { ...route, errorElement: <RouteErrorPanel /> };
    return guarded.children ? { ...guarded, children: withRouteErrorPanels(guarded.children) } : guarded;
  });
}
