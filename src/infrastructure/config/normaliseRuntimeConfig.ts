import { DEFAULT_SESSION_IDLE_MINUTES, type RuntimeConfig } from '../../../shared/RuntimeConfig';

/** A runtime configuration from outside (the page, `/config.json`, storage): every field of its type. */
export function normaliseRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  return {
    release: String(config.release ?? ''),
    productionHost: String(config.productionHost ?? ''),
    apiBase: String(config.apiBase || '/api'),
    telemetryBase: String(config.telemetryBase ?? ''),
    vapidPublicKey: String(config.vapidPublicKey ?? ''),
    sessionIdleMinutes:
      typeof config.sessionIdleMinutes === 'number' && Number.isFinite(config.sessionIdleMinutes) && config.sessionIdleMinutes > 0
        ? config.sessionIdleMinutes
        : DEFAULT_SESSION_IDLE_MINUTES,
  };
}
