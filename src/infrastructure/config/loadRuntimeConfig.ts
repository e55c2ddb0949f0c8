import type { RuntimeConfig } from '../../domain/model/RuntimeConfig';

/** Reads `/config.json` (no cache: a new release must be seen at once). */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchFn('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`/config.json answered ${response.status}`);
  }
  const config = (await response.json()) as Partial<RuntimeConfig>;
  return {
    release: String(config.release ?? ''),
    productionHost: String(config.productionHost ?? ''),
    apiBase: String(config.apiBase || '/api'),
    telemetryBase: String(config.telemetryBase ?? ''),
    vapidPublicKey: String(config.vapidPublicKey ?? ''),
  };
}
