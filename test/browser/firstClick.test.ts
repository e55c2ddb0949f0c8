import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { FIRST_SCREEN_DONE, ORDER_OPEN, ORDER_OPENING, PROBES, watchFirstScreen, watchOrderOpening, type OpeningState } from '../../scripts/bench/firstScreen/probe';
import { logIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

/** What the page's console says first that starts with `prefix`; the test fails when it says nothing within `timeout`. */
const said = (page: Page, prefix: string, timeout: number) =>
  page.waitForEvent('console', { predicate: (message) => message.text().startsWith(prefix), timeout }).then((message) => message.text());

/** One click of the mouse at (`x`, `y`), as Chromium delivers an operator's. */
async function click(cdp: CDPSession, x: number, y: number): Promise<void> {
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'none' });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
}

/**
 * The rows the operator sees first are the console's own and take a click at once: on a slow
 * device (CPU throttled four times), one click on the first order number, sent in the moment it is
 * on screen, opens that order.
 */
describe('the first click of a start', () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  const run = useCockpitInChromium();

  beforeAll(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin', serviceWorkers: 'block' });
    const login = await context.newPage();
    await login.goto('/login');
    await logIn(login);
    await login.locator('[role="row"][data-order-id]').first().waitFor();
    await login.close();
  });

  it('opens the first order on one click sent the moment its number is on screen, on a throttled start', async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(watchFirstScreen, { probe: PROBES.console });
    await page.addInitScript(watchOrderOpening, ORDER_OPENING);
    const visible = said(page, FIRST_SCREEN_DONE, 30_000);
    await page.goto('/orders', { waitUntil: 'commit' });
    const [, x, y] = (await visible).split(' ').map(Number);
    expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    const opened = said(page, ORDER_OPEN, 20_000);
    await click(cdp, x!, y!);
    await opened;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const first = await page.locator('[role="row"][data-order-id]').evaluateAll((rows) =>
      rows.map((row) => ({ id: row.getAttribute('data-order-id'), top: row.getBoundingClientRect().top })).sort((a, b) => a.top - b.top)[0]?.id,
    );
    expect(new URL(page.url()).pathname).toBe(`/orders/${first}`);
    const opening = await page.evaluate(() => (window as unknown as { __opening: OpeningState }).__opening);
    expect(opening.clicks).toHaveLength(1);
    expect(opening.navigatedAt).not.toBeNull();
    expect(opening.navigatedAt!).toBeGreaterThanOrEqual(opening.clicks[0]!);
    await page.close();
  });
});
