/** What the backend tells the console at start: in the page it writes, or as `GET /config.json`. */
export interface RuntimeConfig {
  release: string;
  productionHost: string;
  apiBase: string;
  telemetryBase: string;
  vapidPublicKey: string;
  /** Minutes without input after which the console stops renewing its session (it then ends with its token). */
  sessionIdleMinutes: number;
}

/** The idle limit when the backend names none. */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
