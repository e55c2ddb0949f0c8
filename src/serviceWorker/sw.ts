/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { genericNotificationTexts } from './genericNotificationTexts';
import { handleNotificationClick } from './notificationClick';
import { notificationFromPayload } from './notificationFromPayload';
import type { PushMessage } from '../domain/model/ServiceWorkerMessage';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Answers that are never cached: the API, telemetry and the runtime configuration (spec). */
const NEVER_CACHED = /^\/(api|v1)(\/|$)|^\/config\.json$/;

const network = new NetworkOnly();

// Registered first, so it wins over the precache route: a page is always asked of the network
// (fresh nonce, fresh release) and only when the network fails is the cached shell served.
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch (error) {
        const shell = await matchPrecache('/index.html');
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
// cannot take over until those end.)

// The hashed app shell (webpack writes its list into __WB_MANIFEST). `/` and clean URLs are pages,
// answered above, never straight from the precache.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first worker serves the page that installed it at once (offline start works without a reload);
// an updated worker waits until the operator takes it ("Ok, Reload!").
clientsClaim();

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
