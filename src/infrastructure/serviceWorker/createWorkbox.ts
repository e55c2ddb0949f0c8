import { LazyWorkbox } from './LazyWorkbox';

/** Where the production build puts the service worker (webpack's InjectManifest `swDest`). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * The console's service worker host, or null where the browser has no service workers (or they are
 * disabled). Only a deployed build makes one (its environment's module): a development build never
 * registers a service worker. workbox-window is its own chunk (`workbox`), loaded by the
 * registration after the first screen.
 */
export function createWorkbox(win: Window): LazyWorkbox | null {
  if (!('serviceWorker' in win.navigator)) {
    return null;
  }
  return new LazyWorkbox(() =>
    import(/* webpackChunkName: "workbox" */ 'workbox-window').then(({ Workbox }) => new Workbox(SERVICE_WORKER_URL, { scope: '/' })),
  );
}
