import type { OtelTelemetry } from '../../../../src/infrastructure/telemetry/OtelTelemetry';
import { startOtelTelemetry } from '../../../../src/infrastructure/telemetry/startOtelTelemetry';
import { SteeredLogExporter, SteeredSpanExporter } from './telemetryFakes';

/**
 * The network instrumentation as the deployed console installs it, seen through XMLHttpRequest
 * (jsdom has no fetch; fetch is configured from the same options).
 */
describe('web instrumentation: trace context to the own origin only; stream and telemetry untraced', () => {
  let spans: SteeredSpanExporter;
  let telemetry: OtelTelemetry;
  let sentHeaders: Map<string, Record<string, string>>;
  const prototype = XMLHttpRequest.prototype;
  const { open, send, setRequestHeader } = prototype;

  beforeEach(() => {
    spans = new SteeredSpanExporter();
    sentHeaders = new Map();
    const urls = new WeakMap<XMLHttpRequest, string>();
    // The page's XMLHttpRequest, answering every request at once; the instrumentation wraps it.
    prototype.open = function (this: XMLHttpRequest, _method: string, url: string | URL) {
      urls.set(this, String(url));
      sentHeaders.set(String(url), {});
    } as typeof open;
    prototype.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
      (sentHeaders.get(urls.get(this) ?? '') ?? {})[name] = value;
    };
    prototype.send = function (this: XMLHttpRequest) {
      setTimeout(() => this.dispatchEvent(new Event('load')), 0);
    };
    telemetry = startOtelTelemetry({
      release: '2026.11.0',
      environment: 'test',
      telemetryBase: '',
      apiBase: '/api',
      window,
      console: { ...console },
      createExporters: () => ({ spans, logs: new SteeredLogExporter() }),
    });
  });

  afterEach(async () => {
    await telemetry.shutdown();
    Object.assign(prototype, { open, send, setRequestHeader });
  });

  /** Sends a request and waits until its span, if any, has ended and been flushed. */
  async function request(url: string): Promise<void> {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.send();
    // The instrumentation ends a span a little after the response, waiting for its timing entry.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await telemetry.flush();
  }

  const tracedUrls = () => spans.records.map((span) => span.attributes['http.url'] ?? span.attributes['url.full']);

  it('traces a request to the own origin, sends it the trace context, and scrubs its URL', async () => {
    await request('/api/orders?status=new&token=secret');
    expect(sentHeaders.get('/api/orders?status=new&token=secret')).toHaveProperty('traceparent');
    expect(tracedUrls()).toEqual(['http://localhost/api/orders?status=new&token=[redacted]']);
  });

  it('sends no trace context to another origin', async () => {
    await request('https://maps.example.com/tiles/1');
    expect(sentHeaders.get('https://maps.example.com/tiles/1')).toEqual({});
  });

  it('leaves the event stream and the telemetry endpoints untraced', async () => {
    await request('/api/events');
    await request('/v1/logs');
    await request('http://localhost/v1/traces');
    expect(sentHeaders.get('/api/events')).toEqual({});
    expect(tracedUrls()).toEqual([]);
  });
});
