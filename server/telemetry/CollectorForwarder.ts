import type { TelemetrySignal } from './TelemetrySummary';

export const DEFAULT_COLLECTOR_TIMEOUT_MS = 10_000;

/** What the collector answered, to be passed back to the console. */
export interface CollectorAnswer {
  status: number;
  contentType: string | undefined;
  retryAfter: string | undefined;
  body: Buffer;
}

/** The collector could not be reached, or did not answer within the timeout. */
export class CollectorUnavailableError extends Error {
  constructor(readonly url: string, cause: unknown) {
    super(`the OpenTelemetry Collector at ${url} cannot be reached`, { cause });
    this.name = 'CollectorUnavailableError';
  }
}

/**
 * Forwards OTLP/HTTP requests unchanged to an OpenTelemetry Collector: `endpoint` is its base URL as in
 * OTEL_EXPORTER_OTLP_ENDPOINT (e.g. `http://collector:4318`), to which `/v1/traces` and `/v1/logs`
 * are appended. Only the body and its content type (and encoding) go along, nothing else of the request.
 */
export class CollectorForwarder {
  private readonly base: string;

  constructor(
    endpoint: string,
    private readonly timeoutMs = DEFAULT_COLLECTOR_TIMEOUT_MS,
  ) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL, not "${endpoint}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL, not "${endpoint}"`);
    }
    // fetch refuses URLs with credentials, and the URL is shown in logs.
    if (url.username || url.password) {
      throw new Error('OTEL_EXPORTER_OTLP_ENDPOINT must not contain a user name or password');
    }
    this.base = endpoint.replace(/\/+$/, '');
  }

  urlOf(signal: TelemetrySignal): string {
    return `${this.base}/v1/${signal}`;
  }

  async forward(signal: TelemetrySignal, body: Buffer, contentType: string, contentEncoding?: string): Promise<CollectorAnswer> {
    const url = this.urlOf(signal);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (contentEncoding) headers['content-encoding'] = contentEncoding;
    try {
      // The bytes as they came (a view, no copy); typed as the DOM's BodyInit wants them.
      const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
      const response = await fetch(url, { method: 'POST', headers, body: bytes, signal: AbortSignal.timeout(this.timeoutMs) });
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        retryAfter: response.headers.get('retry-after') ?? undefined,
        body: Buffer.from(await response.arrayBuffer()),
      };
    } catch (error) {
      throw new CollectorUnavailableError(url, error);
    }
  }
}
