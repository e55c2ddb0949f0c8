import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';
import { changeOrderStatusOffline } from './support/offlineChange';

const TIME_ZONE = 'Europe/Berlin';

const rows = (page: Page) => page.locator('[role="row"][data-order-id]');

/** The id of a listed order that is `new` (shown as „Neu“; the next days have such orders). */
async function newOrderId(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Nächste 7 Tage' }).click();
  const row = rows(page).filter({ has: page.locator('.cockpit-status-new') }).first();
  await row.waitFor();
  const id = await row.getAttribute('data-order-id');
  if (!id) {
    throw new Error('no order id');
  }
  return id;
}

const rowText = (page: Page, id: string) => page.locator(`[role="row"][data-order-id="${id}"]`).textContent();
const liveState = (page: Page) => page.locator('.cockpit-live-indicator').getAttribute('data-state');

describe('the live console in a browser', () => {
  const contexts: BrowserContext[] = [];

  const run = useCockpitInChromium();

  const openConsole = async (context?: BrowserContext): Promise<Page> => {
    const ctx = context ?? (await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE }));
    if (!context) {
      contexts.push(ctx);
    }
    const page = await openLoggedIn(ctx);
    await eventually(() => liveState(page), { until: (state) => state === 'live', timeoutMs: 10_000, what: 'the live indicator to say live' });
    return page;
  };

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  it('shows a change made in one browser context in another within a second, without reload', async () => {
    const watcher = await openConsole();
    const editor = await openConsole();
    const id = await newOrderId(watcher);
    await editor.goto(`/orders/${id}`);
    const confirm = editor.getByRole('button', { name: 'Bestätigen' });
    await confirm.waitFor();
    const saved = editor.waitForResponse((response) => response.url().endsWith(`/api/orders/${id}`) && response.request().method() === 'PATCH');
    await confirm.click();
    expect((await saved).status()).toBe(200);
    const savedAt = Date.now();
    await eventually(() => rowText(watcher, id), { until: (text) => text?.includes('Bestätigt') ?? false, timeoutMs: 1000, what: `order ${id} shown as confirmed` });
    expect(Date.now() - savedAt).toBeLessThan(1000);
  });

  it('paints the tenant colours into the custom-style element under the CSP and removes it after logout', async () => {
    const page = await openConsole();
    const style = await page.evaluate(() => document.getElementById('custom-style')?.textContent ?? null);
    expect(style).toContain('#0b3d91');
    expect(style).toContain('#1f6feb');
    expect(style).toContain('#c2410c');
    // The Content-Security-Policy admits the element (its nonce), so the colour is in effect.
    const header = await page.locator('.cockpit-header-toolbar').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(header).toBe('rgb(11, 61, 145)');

    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await eventually(() => page.evaluate(() => document.getElementById('custom-style') === null), { timeoutMs: 2000, what: 'the custom-style element to be removed' });
  });

  it('logs out the other tabs of the browser within a second, which close their streams', async () => {
    const first = await openConsole();
    const second = await first.context().newPage();
    await second.goto('/orders');
    await rows(second).first().waitFor();
    await eventually(() => liveState(second), { until: (state) => state === 'live', timeoutMs: 10_000, what: 'the second tab to be live' });
    const streamClosed = new Promise<boolean>((resolve) => {
      const ended = (request: { url(): string }) => request.url().endsWith('/api/events') && resolve(true);
      second.on('requestfailed', ended);
      second.on('requestfinished', ended);
    });

    await first.getByRole('button', { name: 'Benutzermenü' }).click();
    const firstLoggedOut = first.waitForURL(/\/login/);
    await first.getByTestId('logout').click();
    await firstLoggedOut;
    const loggedOutAt = Date.now();
    await second.waitForURL(/\/login/, { timeout: 1000 });
    expect(Date.now() - loggedOutAt).toBeLessThan(1000);
    const state = await second.evaluate(() => JSON.parse(localStorage.getItem('cockpit.state') ?? '{}').auth?.token ?? null);
    expect(state).toBeNull();
    // The other tab's stream ends (after the session lifecycle's settle time of about 500 ms).
    await expect(Promise.race([streamClosed, new Promise((resolve) => setTimeout(() => resolve(false), 2000))])).resolves.toBe(true);
  });

  it('reconnects after the backend was stopped and shows what changed in the database meanwhile', async () => {
    const page = await openConsole();
    const id = await newOrderId(page);
    await run.cockpit.stop();
    await eventually(() => liveState(page), { until: (state) => state === 'reconnecting', timeoutMs: 10_000, what: 'the live indicator to say reconnecting' });
    await changeOrderStatusOffline(run.cockpit.dataDir, id, 'confirmed');
    await run.cockpit.start();
    await eventually(() => rowText(page, id), { until: (text) => text?.includes('Bestätigt') ?? false, timeoutMs: 40_000, what: `order ${id} shown as confirmed` });
    expect(await liveState(page)).toBe('live');
  }, 90_000);
});
