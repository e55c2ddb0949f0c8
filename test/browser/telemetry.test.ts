import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { eventually } from './support/eventually';
import { openLoggedIn, storedState } from './support/session';
import { startCockpit, type RunningCockpit } from './support/startCockpit';
import { FakeCollector } from '../server/support/fakeCollector';
import { decodeLogRecords } from './support/otlpLogs';

describe('telemetry in a browser', () => {
  let cockpit: RunningCockpit;
  let browser: Browser;
  let context: BrowserContext;
  // The backend forwards what the console exports to this collector, byte for byte.
  const collector = new FakeCollector();

  beforeAll(async () => {
    await collector.start();
    cockpit = await startCockpit({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await cockpit?.close();
    await collector.stop();
  });

  beforeEach(async () => {
    // Without the service worker: request interception (page.route) cannot see what a worker fetches.
    context = await browser.newContext({ baseURL: cockpit.url, viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  });

  afterEach(async () => {
    await context.close();
  });

  it('exports document-load and HTTP client spans to /v1/traces of its own origin, tagged as the test environment', async () => {
    await openLoggedIn(context);
    type Attribute = { key: string; value: { stringValue?: string } };
    let seen: string[] = [];
    type Export = { resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: { name: string }[] }[] }[] };
    const found = await eventually(() => {
      const exports = collector.requests.filter((item) => item.path === '/v1/traces').map((item) => JSON.parse(item.body.toString()) as Export);
      const names = exports.flatMap((body) => body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name))));
      seen = names;
      // The console's API calls go through axios, i.e. XMLHttpRequest: their spans are named by method.
      return names.includes('documentLoad') && names.includes('GET') ? exports : null;
    }, 10000);
    if (!found) console.log('span names', seen);
    expect(found).not.toBeNull();
    const attributes = found![0]!.resourceSpans[0]!.resource.attributes;
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
    const record = await eventually(
      () =>
        collector.requests
          .filter((item) => item.path === '/v1/logs')
          .flatMap((item) => decodeLogRecords(item.body))
          .find((decoded) => decoded.body === 'probe'),
      8000,
    );
    expect(record).toEqual({ severityNumber: 13, severityText: 'Warning', body: 'probe' });
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
    const logs = await eventually(() => collector.requests.find((item) => item.body.includes('probe-before-hidden')), 8000);
    expect(logs).toBeDefined();
    expect(Date.now() - hidden).toBeLessThan(2000);
  });

  it('keeps working while the telemetry endpoint answers 500', async () => {
    collector.reply = { status: 500 };
    try {
      const page = await openLoggedIn(context);
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      await eventually(() => collector.requests.some((item) => item.path === '/v1/traces'), 10000);
      const before = collector.requests.length;
      await page.getByRole('button', { name: 'Bestätigt' }).click();
      await page.waitForURL(/status=confirmed/);
      await page.locator('[role="row"][data-order-id]').first().waitFor();
      await eventually(() => collector.requests.length > before, 10000);
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
    const reported = await eventually(
      () => collector.requests.filter((item) => item.path === '/v1/logs').flatMap((item) => decodeLogRecords(item.body)).find((record) => record.severityNumber === 17),
      8000,
    );
    expect(reported).toBeDefined();
  });

  it('records an uncaught error as an error log record and keeps the console running', async () => {
    const page = await openLoggedIn(context);
    const printed: string[] = [];
    page.on('console', (message) => printed.push(message.text()));
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('probe-unhandled-rejection'))));
    await eventually(() => printed.some((text) => text.includes('probe-unhandled-rejection')));
    // The console goes on working.
    await page.getByRole('button', { name: 'Bestätigt' }).click();
    await page.waitForURL(/status=confirmed/);
    const logs = await eventually(() => collector.requests.find((item) => item.path === '/v1/logs' && item.body.includes('probe-unhandled-rejection')), 8000);
    expect(logs).toBeDefined();
  });
});
