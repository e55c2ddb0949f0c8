/**
 * Messages between the service worker and the console's windows (both sides import this file; the service worker lives in src/serviceWorker).
 * - `cockpit.push`: a push arrived; the console shows it as a toast that goes by itself.
 * - `cockpit.navigate`: a notification was clicked; the focused console opens `path` itself, so
 *   the single-page app keeps its state.
 * The page asks a waiting worker to take over with workbox-window's `{ type: 'SKIP_WAITING' }`.
 */
export interface PushMessage {
  type: 'cockpit.push';
  title: string;
  body?: string;
  data?: Record<string, unknown>;
}

export interface NavigateMessage {
  type: 'cockpit.navigate';
  path: string;
}

export type ServiceWorkerMessage = PushMessage | NavigateMessage;

export function isServiceWorkerMessage(value: unknown): value is ServiceWorkerMessage {
  if (value === null || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return (
    (message.type === 'cockpit.push' && typeof message.title === 'string') ||
    (message.type === 'cockpit.navigate' && typeof message.path === 'string')
  );
}
