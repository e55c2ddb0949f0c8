/** What the backend tells the console at start: in the page it writes, or as `GET /config.json`. */
export interface RuntimeConfig {
  release: string;
  productionHost: string;
  apiBase: string;
  telemetryBase: string;
  vapidPublicKey: string;
}
