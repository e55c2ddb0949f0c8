import type { NavigateMessage } from '../domain/model/ServiceWorkerMessage';
import { sameOriginPath } from './sameOriginPath';

/** The parts of a service worker's `clients` a notification click needs. */
export interface WindowClients {
  windows(): Promise<readonly WindowClientLike[]>;
  open(path: string): Promise<unknown>;
}

export interface WindowClientLike {
  focused: boolean;
  focus(): Promise<unknown>;
  postMessage(message: NavigateMessage): void;
}

/**
 * A click on a notification: an open console window is focused (the focused one first) and told
 * to open `data.url`; without one, `data.url` is opened, or the console's start when `data.url` is
 * missing. `data.url` counts only as a path of the console's own origin, never another site.
 */
export async function handleNotificationClick(data: unknown, origin: string, clients: WindowClients): Promise<void> {
  const url = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).url : undefined;
  const path = sameOriginPath(url, origin);
  const windows = await clients.windows();
  const target = windows.find((client) => client.focused) ?? windows[0];
  if (target) {
    await target.focus();
    if (path) {
      target.postMessage({ type: 'cockpit.navigate', path });
    }
    return;
  }
  await clients.open(path ?? '/');
}
