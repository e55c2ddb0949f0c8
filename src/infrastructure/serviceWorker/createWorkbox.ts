import { LazyWorkbox } from './LazyWorkbox';

/** Where the production build puts the service worker (webpack's InjectManifest `swDest`). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * The console's service worker host, or null where there is none: development builds never
 * register one, and browsers without service workers (or with them disabled) cannot.
 * workbox-window is its own chunk (`workbox`), loaded by the registration after the first screen.
 */
export function createWorkbox(win: Window, productionBuild: boolean): LazyWorkbox | null {
  if (!productionBuild || !('serviceWorker' in win.navigator)) {
    return null;
  }
  return new LazyWorkbox(() =>
    import(/* webpackChunkName: "workbox" */ 'workbox-window').then(({ Workbox }) => new Workbox(SERVICE_WORKER_URL, { scope: '/' })),
  );
}
