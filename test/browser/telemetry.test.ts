import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { eventually } from './support/eventually';
import { openLoggedIn, storedState } from './support/session';
import { startCockpit, type RunningCockpit } from './support/startCockpit';
import { FakeCollector } from '../server/support/fakeCollector';

interface Sent {
  path: string;
  contentType: string;
  body: Buffer;
  at: number;
}

/** Every telemetry export the page sends to its own origin. */
function telemetryExports(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname.startsWith('/v1/')) {
      sent.push({ path: url.pathname, contentType: request.headers()['content-type'] ?? '', body: request.postDataBuffer() ?? Buffer.alloc(0), at: Date.now() });
    }
  });
  return sent;
}

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
    context = await browser.newContext({ baseURL: cockpit.url, viewport: { width: 1400, height: 900 } });
  });

  afterEach(async () => {
    await context.close();
  });

  it('exports traces to /v1/traces of its own origin, tagged as the test environment, without the token', async () => {
    const page = await context.newPage();
    const sent = telemetryExports(page);
    await page.goto('/login');
    const traces = await eventually(() => sent.find((item) => item.path === '/v1/traces'), 15000);
    expect(traces).toBeDefined();
    const text = traces!.body.toString('latin1');
    expect(text).toContain('order-cockpit');
    expect(text).toContain('deployment.environment');
    expect(text).toContain('test');
  });

  it('mirrors console output as log records (protobuf to /v1/logs), without the token', async () => {
    const page = await openLoggedIn(context);
    const token = (await storedState(page)).auth?.token;
    await page.evaluate(() => console.warn('probe-warning from the operator console'));
    // The log processor sends every 5000 ms.
    const logs = await eventually(() => collector.requests.find((item) => item.path === '/v1/logs' && item.body.includes('probe-warning')), 8000);
    expect(logs).toBeDefined();
    expect(logs!.headers['content-type']).toBe('application/x-protobuf');
    expect(logs!.body.includes('Warning')).toBe(true);
    for (const item of collector.requests) {
      expect(item.body.includes(token!)).toBe(false);
    }
  });

  it('sends what it holds at once when the page is hidden or left', async () => {
    const page = await openLoggedIn(context);
    // Let the first batch go, so that what follows waits for the next one.
    await page.waitForTimeout(5500);
    await page.evaluate(() => console.info('probe-before-pagehide'));
    const hidden = Date.now();
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const logs = await eventually(() => collector.requests.find((item) => item.body.includes('probe-before-pagehide')), 8000);
    expect(logs).toBeDefined();
    expect(Date.now() - hidden).toBeLessThan(2000);
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
