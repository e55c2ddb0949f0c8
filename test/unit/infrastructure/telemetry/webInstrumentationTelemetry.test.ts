import './fetchPageGlobals';
import type { Language } from '../../../../shared/Language';
import type { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { AxiosHttpClient } from '../../../../src/infrastructure/http/AxiosHttpClient';
import type { OtelTelemetry } from '../../../../src/infrastructure/telemetry/OtelTelemetry';
import { startOtelTelemetry } from '../../../../src/infrastructure/telemetry/startOtelTelemetry';
import { SteeredLogExporter, SteeredSpanExporter } from './telemetryFakes';

/** A 200 as the page's fetch resolves it, with what the instrumentation and the client read (jsdom has no `Response`). */
function answer(url: string): Response {
  const read: Pick<Response, 'url' | 'status' | 'statusText' | 'ok' | 'headers' | 'text' | 'blob' | 'clone'> = {
    url: new URL(url, window.location.href).href,
    status: 200,
    statusText: 'OK',
    ok: true,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => '{}',
    blob: async () => new Blob(['{}']),
    // No body to read: the instrumentation ends the span on the answer itself.
    clone: () => ({ body: null }) as Response,
  };
  return read as Response;
}

/**
 * The network instrumentation as the deployed console installs it, over the page's fetch: the
 * console's HttpClient made before telemetry loaded is traced once it has, with the trace context
 * sent to its own origin only; the event stream and the telemetry endpoints are not traced.
 */
describe('web instrumentation: trace context to the own origin only; stream and telemetry untraced', () => {
  let spans: SteeredSpanExporter;
  let telemetry: OtelTelemetry;
  /** The headers of each request that reached the page's fetch, by path and query (or URL elsewhere). */
  let sentHeaders: Map<string, Record<string, string>>;
  let http: AxiosHttpClient;
  const page = window as unknown as { fetch?: unknown };

  beforeEach(() => {
    spans = new SteeredSpanExporter();
    sentHeaders = new Map();
    // The page's fetch, answering every request at once; the instrumentation wraps it.
    page.fetch = (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, window.location.href);
      const key = parsed.origin === window.location.origin ? parsed.pathname + parsed.search : parsed.href;
      sentHeaders.set(key, Object.fromEntries(new Headers(init.headers).entries()));
      return Promise.resolve(answer(url));
    };
    const session = { token: null, language: 'de' as Language };
    http = new AxiosHttpClient(session as unknown as SessionStore, { baseURL: '/api', window });
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
    http.dispose();
    // Disabling leaves its wrapper in place (passing everything through); the next test wraps its own fetch.
    delete page.fetch;
  });

  /** Waits until a request's span, if any, has ended and been flushed. */
  async function settled(): Promise<void> {
    // The instrumentation ends a span a little after the response, waiting for its timing entry.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await telemetry.flush();
  }

  const traced = () =>
    spans.records.map((span) => ({ name: span.name, url: span.attributes['url.full'], status: span.attributes['http.response.status_code'] }));

  it("traces the console's API calls, sends them the trace context, and scrubs their URL", async () => {
    await http.get('/orders', { params: { status: 'new', token: 'secret' } });
    await settled();
    expect(sentHeaders.get('/api/orders?status=new&token=secret')).toHaveProperty('traceparent');
    expect(sentHeaders.get('/api/orders?status=new&token=secret')).toMatchObject({ accept: 'application/json', 'x-ui-locale': 'de' });
    expect(traced()).toEqual([{ name: 'GET', url: 'http://localhost/api/orders?status=new&token=[redacted]', status: 200 }]);
  });

  it('names a span by its method', async () => {
    await http.put('/orders/o-1', { status: 'confirmed' }, { headers: { 'If-Match': '"3"' } });
    await settled();
    expect(traced()).toEqual([{ name: 'PATCH', url: 'http://localhost/api/orders/o-1', status: 200 }]);
    expect(sentHeaders.get('/api/orders/o-1')).toMatchObject({ 'if-match': '"3"', 'content-type': 'application/json' });
  });

  it('sees every method of the console as a fetch: none is an XMLHttpRequest, which is not instrumented', async () => {
    const page = window as unknown as { XMLHttpRequest: unknown };
    const pageXhr = page.XMLHttpRequest;
    const made = jest.fn();
    page.XMLHttpRequest = function XMLHttpRequest() {
      made();
      throw new Error('XMLHttpRequest');
    };
    try {
      await http.get('/orders');
      await http.post('/orders', { customer: 'A' });
      await http.put('/orders/o-1', { status: 'confirmed' });
      await http.delete('/push/subscriptions', { body: { endpoint: 'https://push.example/1' } });
    } finally {
      page.XMLHttpRequest = pageXhr;
    }
    await settled();
    expect(made).not.toHaveBeenCalled();
    expect(traced().map(({ name, url }) => `${name} ${url}`)).toEqual([
      'GET http://localhost/api/orders',
      'POST http://localhost/api/orders',
      'PATCH http://localhost/api/orders/o-1',
      'DELETE http://localhost/api/push/subscriptions',
    ]);
  });

  it('sends no trace context to another origin', async () => {
    await window.fetch('https://maps.example.com/tiles/1');
    await settled();
    expect(sentHeaders.get('https://maps.example.com/tiles/1')).toEqual({});
  });

  it('leaves the event stream and the telemetry endpoints untraced', async () => {
    await window.fetch('/api/events');
    await window.fetch('/v1/logs', { method: 'POST' });
    await window.fetch('http://localhost/v1/traces', { method: 'POST' });
    await settled();
    expect(sentHeaders.get('/api/events')).toEqual({});
    expect(traced()).toEqual([]);
  });
});
