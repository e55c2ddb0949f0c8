/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { genericNotificationTexts } from './genericNotificationTexts';
import { handleNotificationClick } from './notificationClick';
import { notificationFromPayload } from './notificationFromPayload';
import type { PushMessage } from '../domain/model/ServiceWorkerMessage';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The static routes of a worker (ServiceWorker Static Routing API), where the browser has them. */
interface StaticRoutes {
  addRoutes?(routes: { condition: { urlPattern: unknown }; source: 'network' | { cacheName: string } }[]): Promise<void>;
}
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

/** Answers that are never cached: the API, telemetry and the runtime configuration. */
const NEVER_CACHED = /^\/(api|v1)(\/|$)|^\/config\.json$/;

const network = new NetworkOnly();

// Registered first, so it wins over the precache route: a page is always asked of the network
// (fresh nonce, fresh release) and only when the network fails is the cached shell served.
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        // The answer to the request the browser sent as the navigation began (navigation preload,
        // below), which NetworkOnly takes when there is one: the page does not wait for this
        // worker to start and then ask the network itself.
        return await network.handle(options);
      } catch (error) {
        const shell = await shellCache.matchPrecache('/index.html');
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: [NEVER_CACHED] },
  ),
);
// `/api`, `/v1` and `/config.json` match no route, so the worker does not answer them at all: the
// browser fetches them itself and nothing is cached. (Answering them, even from the network, would
// make the long-lived event stream a request in progress of this worker, and a waiting worker
// cannot take over until those end.) Where the browser has static routes, it does not even ask
// the worker about them: the first page of orders, the event stream and the user leave at once.
// Nor about the hashed files of the shell (`/assets/`, stored under their own URLs): the browser
// reads them from the shell's cache itself (the network when they are not there yet), so a warm
// start's scripts and style sheets do not each wait for an answer of the worker's script.
self.addEventListener('install', (event) => {
  const routes = event as ExtendableEvent & StaticRoutes;
  if (typeof routes.addRoutes !== 'function' || typeof URLPattern !== 'function') {
    return;
  }
  const Pattern = URLPattern;
  try {
    // A browser that refuses the routes installs the worker all the same: it asks the worker, which does not answer.
    const toNetwork = ['/api/*', '/v1/*', '/config.json'].map((pathname) => ({ condition: { urlPattern: new Pattern({ pathname }) }, source: 'network' as const }));
    const fromShell = { condition: { urlPattern: new Pattern({ pathname: '/assets/*' }) }, source: { cacheName: shellCache.strategy.cacheName } };
    event.waitUntil(routes.addRoutes([...toNetwork, fromShell]).catch(() => routes.addRoutes?.(toNetwork).catch(() => undefined)));
  } catch {
    // as above
  }
});

// The hashed app shell (webpack writes its list into __WB_MANIFEST). `/` and clean URLs are pages,
// answered above, never straight from the precache.
/** The shell's files (webpack writes their list here). */
const manifest = self.__WB_MANIFEST;
const shellCache = new PrecacheController();
shellCache.addToCacheList(manifest);
registerRoute(new PrecacheRoute(shellCache, { directoryIndex: '', cleanURLs: false }));
cleanupOutdatedCaches();

// The shell is stored when the worker activates, not while it installs: Chromium compiles every
// function of each script a worker stores during its install and keeps that code beside it, which
// the next start then loads on the main thread before running the script: for the entry's scripts
// far more than compiling, off the main thread, what runs (docs/benchmarks.md#measurements-behind-the-design).
// Then the first worker serves the page that installed it (offline start works without a
// reload); an updated worker waits until the operator takes it ("Ok, Reload!") and then stores
// the new release's files before it serves. Navigation preload from then on (see the page route).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // A file the network does not give now is asked of it when the page wants it (the precache
      // route falls back to the network); the worker serves all the same.
      await storeShell().catch(() => undefined);
      await deleteOtherReleases();
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** The manifest's files not stored yet, one at a time (as Workbox installs them), under their cache keys. */
async function storeShell(): Promise<void> {
  const cache = await self.caches.open(shellCache.strategy.cacheName);
  const revised = new Set(manifest.flatMap((entry) => (typeof entry !== 'string' && entry.revision ? [entry.url] : [])));
  for (const [url, cacheKey] of shellCache.getURLsToCacheKeys()) {
    if (await cache.match(cacheKey)) {
      continue;
    }
    // A file with a revision (not hashed) may be in the HTTP cache in an older version.
    const response = await fetch(url, { credentials: 'same-origin', cache: revised.has(new URL(url).pathname) ? 'reload' : 'default' });
    if (!response.ok || response.redirected) {
      throw new Error(`${url}: ${response.status}`);
    }
    await cache.put(cacheKey, response);
  }
}

/** Files of earlier releases, no longer in the manifest. */
async function deleteOtherReleases(): Promise<void> {
  const cache = await self.caches.open(shellCache.strategy.cacheName);
  const current = new Set(shellCache.getURLsToCacheKeys().values());
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) {
      await cache.delete(request);
    }
  }
}

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

function payloadText(event: PushEvent): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const notification = notificationFromPayload(payloadText(event), genericNotificationTexts(self.navigator.language));
  const message: PushMessage = {
    type: 'cockpit.push',
    title: notification.title,
    body: notification.options.body,
    data: notification.options.data,
  };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(notification.title, notification.options),
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((windows) => windows.forEach((client) => client.postMessage(message))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    handleNotificationClick(event.notification.data, self.location.origin, {
      windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
      open: (path) => self.clients.openWindow(path),
    }),
  );
});
