import type { RuntimeConfig } from '../../../shared/RuntimeConfig';

/** A runtime configuration from outside (the page, `/config.json`, storage) with every field a string. */
export function normaliseRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  return {
    release: String(config.release ?? ''),
    productionHost: String(config.productionHost ?? ''),
    apiBase: String(config.apiBase || '/api'),
    telemetryBase: String(config.telemetryBase ?? ''),
    vapidPublicKey: String(config.vapidPublicKey ?? ''),
  };
}
