/** Where the console sends traces and logs, and which of its own URLs are not traced. */
export interface TelemetryEndpoints {
  traces: string;
  logs: string;
  /** URLs the fetch instrumentation leaves alone. */
  ignoredUrls: RegExp[];
}

/**
 * `{base}/v1/traces` and `{base}/v1/logs`, base being `telemetryBase` or, when that is empty, the
 * console's own origin. The telemetry calls themselves and the endless event stream are not
 * traced: a span per export would feed itself, and a stream never ends its span.
 */
export function telemetryEndpoints(telemetryBase: string, apiBase: string, origin: string): TelemetryEndpoints {
  const base = (telemetryBase || origin).replace(/\/+$/, '');
  const traces = new URL(`${base}/v1/traces`, origin).href;
  const logs = new URL(`${base}/v1/logs`, origin).href;
  const events = new URL(`${apiBase.replace(/\/+$/, '')}/events`, origin).href;
  return { traces, logs, ignoredUrls: [traces, logs, events].map(startingWith) };
}

function startingWith(url: string): RegExp {
  return new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[?#]|$)`);
}
