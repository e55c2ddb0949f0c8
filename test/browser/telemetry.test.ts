import type { BrowserContext } from 'playwright-core';
import { eventually } from '../support/eventually';
import { openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';
import { FakeCollector } from '../server/support/fakeCollector';
import { decodeLogRecords } from './support/otlpLogs';

type Attribute = { key: string; value: { stringValue?: string } };
type TraceExport = { resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: { name: string }[] }[] }[] };

/** What the console sent to an OTLP endpoint and what it was answered, as the browser saw it. */
type ExportAnswer = { path: string; status: number };

describe('telemetry in a browser', () => {
  let context: BrowserContext;
  // The backend forwards what the console exports to this collector, byte for byte.
  const collector = new FakeCollector();
  /** Every log record the collector received, in order. */
  const logRecords = () => collector.requests.filter((item) => item.path === '/v1/logs').flatMap((item) => decodeLogRecords(item.body));

  beforeAll(async () => {
    await collector.start();
  });

  const run = useCockpitInChromium(() => ({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }));

  afterAll(async () => {
    await collector.stop();
  });

  beforeEach(async () => {
    // Without the service worker: request interception (page.route) cannot see what a worker fetches.
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  });

  afterEach(async () => {
    await context.close();
  });

  it('exports document-load and HTTP client spans to /v1/traces of its own origin, tagged as the test environment', async () => {
    await openLoggedIn(context);
    const traceExports = () => collector.requests.filter((item) => item.path === '/v1/traces').map((item) => JSON.parse(item.body.toString()) as TraceExport);
    const spanNames = () => [
      ...new Set(traceExports().flatMap((body) => body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name))))),
    ];
    // The console's API calls go through fetch: their spans are named by method.
    await eventually(spanNames, {
      until: (names) => names.includes('documentLoad') && names.includes('GET'),
      timeoutMs: 10000,
      what: 'a documentLoad and a GET span among the exported spans',
    });
    const attributes = traceExports()[0]!.resourceSpans[0]!.resource.attributes;
    const attribute = (key: string) => attributes.find((item) => item.key === key)?.value.stringValue;
    expect(attribute('service.name')).toBe('order-cockpit');
    expect(attribute('deployment.environment')).toBe('test');
    expect(collector.requests.find((item) => item.path === '/v1/traces')?.headers['content-type']).toBe('application/json');
  });

  it('mirrors console output as log records (protobuf to /v1/logs), without the token', async () => {
    const page = await openLoggedIn(context);
    const token = (await storedState(page)).auth?.token;
    await page.evaluate(() => console.warn('probe'));
    // The log processor sends every 5000 ms.
    const record = await eventually(() => logRecords().find((decoded) => decoded.body === 'probe'), { timeoutMs: 8000, what: "the log record of console.warn('probe')" });
    expect(record).toMatchObject({ severityNumber: 13, severityText: 'Warning', body: 'probe' });
    expect(collector.requests.find((item) => item.path === '/v1/logs')?.headers['content-type']).toBe('application/x-protobuf');
    for (const item of collector.requests) {
      expect(item.body.includes(token!)).toBe(false);
    }
  });

  it('sends what it holds at once when the page is hidden', async () => {
    const page = await openLoggedIn(context);
    // Let the first batch go, so that what follows waits for the next one.
    await page.waitForTimeout(5500);
    await page.evaluate(() => console.info('probe-before-hidden'));
    const hidden = Date.now();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const logs = await eventually(() => collector.requests.find((item) => item.body.includes('probe-before-hidden')), {
      timeoutMs: 8000,
      what: 'an export holding the record of probe-before-hidden',
    });
    expect(Date.now() - hidden).toBeLessThan(2000);
    expect(logs.path).toBe('/v1/logs');
  });

  it('keeps working while the telemetry endpoint answers 500', async () => {
    // What the console got back for its exports, and whatever went wrong in its pages meanwhile.
    const answers: ExportAnswer[] = [];
    context.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/v1/traces' || pathname === '/v1/logs') answers.push({ path: pathname, status: response.status() });
    });
    const failures: string[] = [];
    context.on('weberror', (error) => failures.push(error.error().message));
    context.on('console', (message) => {
      // Not failures of the console's: the browser's own line for each refused export, and the
      // registration it logs (5604) because these pages are kept without a service worker.
      if (message.type() === 'error' && !/Failed to load resource|NG05604/.test(message.text())) failures.push(message.text());
    });
    const refusedFrom = collector.requests.length;
    collector.reply = { status: 500 };
    try {
      const page = await openLoggedIn(context);
      await eventually(() => answers.find((answer) => answer.path === '/v1/traces' && answer.status === 500), {
        timeoutMs: 10000,
        what: 'a trace export answered 500',
      });
      expect(collector.requests.slice(refusedFrom).some((item) => item.path === '/v1/traces')).toBe(true);

      // The console goes on working: a filter still lists its orders.
      await page.getByRole('button', { name: 'Bestätigt' }).click();
      await page.waitForURL(/status=confirmed/);
      const statuses = () => page.locator('[role="row"][data-order-id] [role="gridcell"]:nth-child(2)').allTextContents();
      await eventually(statuses, {
        until: (shown) => shown.length > 0 && shown.every((status) => status === 'Bestätigt'),
        what: 'only confirmed orders in the list',
      });

      // And its telemetry recovers with the collector: the next export goes through.
      collector.reply = { status: 200 };
      await page.evaluate(() => console.warn('probe-after-500'));
      await eventually(() => answers.some((answer) => answer.path === '/v1/logs' && answer.status === 200), { timeoutMs: 8000, what: 'a log export answered 200' });
      expect(logRecords().map((record) => record.body)).toContain('probe-after-500');
      expect(failures).toEqual([]);
    } finally {
      collector.reply = { status: 200 };
    }
  });

  it('shows the error panel for a page that fails and reports the error', async () => {
    const page = await openLoggedIn(context);
    // A list answer the page cannot render (a row without its price): the page fails, the console does not.
    await page.route(/\/api\/orders\?/, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      body.items = body.items.map((item: Record<string, unknown>) => ({ ...item, price: null }));
      await route.fulfill({ response: answer, json: body });
    });
    await page.getByRole('button', { name: 'Bestätigt' }).click();
    await page.getByText('Etwas ist schiefgegangen').waitFor();
    await page.getByRole('button', { name: 'Neu laden' }).waitFor();
    const reported = await eventually(() => logRecords().find((record) => record.attributes['error.source'] === 'route'), {
      timeoutMs: 8000,
      what: 'a log record of the failed route',
    });
    expect(reported).toMatchObject({ severityNumber: 17, severityText: 'Error' });
    expect(reported.attributes['exception.message']).toBe(reported.body);
  });

  it('records an uncaught error as an error log record and keeps the console running', async () => {
    const page = await openLoggedIn(context);
    const printed: string[] = [];
    page.on('console', (message) => printed.push(message.text()));
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('probe-unhandled-rejection'))));
    await eventually(() => printed.some((text) => text.includes('probe-unhandled-rejection')), { what: 'the console to print the rejection' });
    // The console goes on working.
    await page.getByRole('button', { name: 'Bestätigt' }).click();
    await page.waitForURL(/status=confirmed/);
    const record = await eventually(() => logRecords().find((decoded) => decoded.body.includes('probe-unhandled-rejection')), {
      timeoutMs: 8000,
      what: 'a log record of the rejection',
    });
    expect(record).toMatchObject({
      severityNumber: 17,
      severityText: 'Error',
      body: 'probe-unhandled-rejection',
      attributes: { 'error.source': 'unhandledrejection', 'exception.type': 'Error', 'exception.message': 'probe-unhandled-rejection' },
    });
  });
});
