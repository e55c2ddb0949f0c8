import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The routes that the Fastify apps created while `start` runs register, each as `METHOD /path` with
 * parameters as the contract writes them (`PATCH /api/orders/{id}`), and what `start` answered.
 *
 * Fastify announces every new instance on the `fastify.initialization` diagnostics channel before
 * anything is registered on it; an `onRoute` hook added there sees every route, those of the
 * encapsulated scopes too, as the app registers it. A `HEAD` route that Fastify adds beside a `GET`
 * (`exposeHeadRoutes`) is left out: it runs the `GET` route's hooks and handler.
 */
export async function collectingRoutes<T>(start: () => Promise<T>): Promise<{ started: T; routes: ReadonlySet<string> }> {
  const registered: Array<{ method: string; url: string }> = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  };
  const initialization = channel('fastify.initialization');
  const instrument = (message: unknown) => (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', onRoute);
  initialization.subscribe(instrument);
  let started: T;
  try {
    started = await start();
  } finally {
    initialization.unsubscribe(instrument);
  }
  const keys = new Set(registered.map(({ method, url }) => routeKey(method, url)));
  const routes = new Set([...keys].filter((key) => !key.startsWith('HEAD ') || !keys.has(key.replace(/^HEAD /, 'GET '))));
  return { started, routes };
}

/** `GET /api/orders/{id}` for Fastify's `GET` and `/api/orders/:id`. */
function routeKey(method: string, url: string): string {
  return `${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}
