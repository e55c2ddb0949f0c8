import type { RuntimeConfig } from '../../../shared/RuntimeConfig';
import { embeddedRuntimeConfig } from './embeddedRuntimeConfig';
import { normaliseRuntimeConfig } from './normaliseRuntimeConfig';

/** Where the last configuration read is kept, for a start while the network is down. */
export const LAST_CONFIG_KEY = 'cockpit.config';

function remembered(storage: Storage | undefined): RuntimeConfig | null {
  try {
    const text = storage?.getItem(LAST_CONFIG_KEY);
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed !== null && typeof parsed === 'object' ? normaliseRuntimeConfig(parsed as Partial<RuntimeConfig>) : null;
  } catch {
    return null;
  }
}

function remember(storage: Storage | undefined, config: RuntimeConfig): void {
  try {
    storage?.setItem(LAST_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Storage full or blocked: the next offline start will not have it, nothing else is lost.
  }
}

/**
 * The runtime configuration, in this order:
 * 1. the one the backend wrote into the page (no request at all). It wins whenever the page has
 *    one, also in the shell the service worker serves offline: that page holds the configuration
 *    of when it was cached, which belongs to the same release as the code it starts, and without
 *    network nothing reaches the backend it describes anyway; online, pages come from the network;
 * 2. `/config.json` (no cache: a new release must be seen at once), for a page without one (the
 *    development server's, a shell cached by an older release). An answer of the server that is
 *    not OK is an error: the server is there and says something is wrong;
 * 3. when the network fails, the one remembered in `storage` at the last start.
 * Each configuration found on the page or read is remembered.
 */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch = fetch,
  storage?: Storage,
  page: Pick<Document, 'getElementById'> | null = null,
): Promise<RuntimeConfig> {
  const embedded = page ? embeddedRuntimeConfig(page) : null;
  if (embedded) {
    remember(storage, embedded);
    return embedded;
  }
  let response: Response;
  try {
    response = await fetchFn('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    const last = remembered(storage);
    if (last) {
      return last;
    }
    throw error;
  }
  if (!response.ok) {
    throw new Error(`/config.json answered ${response.status}`);
  }
  const config = normaliseRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  remember(storage, config);
  return config;
}
