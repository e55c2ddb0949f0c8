import type { RuntimeConfig } from '../../domain/model/RuntimeConfig';

/** Where the last configuration read is kept, for a start while the network is down. */
export const LAST_CONFIG_KEY = 'cockpit.config';

function normalise(config: Partial<RuntimeConfig>): RuntimeConfig {
  return {
    release: String(config.release ?? ''),
    productionHost: String(config.productionHost ?? ''),
    apiBase: String(config.apiBase || '/api'),
    telemetryBase: String(config.telemetryBase ?? ''),
    vapidPublicKey: String(config.vapidPublicKey ?? ''),
  };
}

function remembered(storage: Storage | undefined): RuntimeConfig | null {
  try {
    const text = storage?.getItem(LAST_CONFIG_KEY);
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed !== null && typeof parsed === 'object' ? normalise(parsed as Partial<RuntimeConfig>) : null;
  } catch {
    return null;
  }
}

/**
 * Reads `/config.json` (no cache: a new release must be seen at once). Each configuration read is
 * remembered in `storage`; when the network fails (the service worker started the cached shell
 * offline), the console starts with the one remembered. An answer of the server that is not OK
 * is an error all the same: the server is there and says something is wrong.
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch, storage?: Storage): Promise<RuntimeConfig> {
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
  const config = normalise((await response.json()) as Partial<RuntimeConfig>);
  try {
    storage?.setItem(LAST_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Storage full or blocked: the next offline start will not have it, nothing else is lost.
  }
  return config;
}
