/**
 * The console's service worker host (workbox), bound by the environment's module: null in a
 * development build, which never registers a service worker, and in a browser without service workers.
 */
export const ServiceWorkerHost = Symbol('ServiceWorkerHost');
