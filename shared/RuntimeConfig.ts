/** What `GET /config.json` tells the console at start. */
export interface RuntimeConfig {
  release: string;
  productionHost: string;
  apiBase: string;
  telemetryBase: string;
  vapidPublicKey: string;
}

export const RuntimeConfig = Symbol('RuntimeConfig');
