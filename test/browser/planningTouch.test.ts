import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { logIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';
import { planningRead } from './support/planningRead';

const TABLET = { width: 820, height: 1180 };
const PHONE = { width: 390, height: 844 };

const bars = (page: Page) => page.locator('.cockpit-planning-bar');
const bar = (page: Page, id: string) => page.locator(`.cockpit-planning-bar[data-order-id="${id}"]`);
const leftOf = (page: Page, id: string) => bar(page, id).evaluate((element) => parseFloat((element as HTMLElement).style.left));

/**
 * A finger's drag from (x, y) by `dx` pixels, as the touch screen sends it: Chromium makes pointer
 * events of type touch from it, and scrolls or zooms instead unless the page says it takes the touch
 * (`touch-action`). Playwright's touch screen only taps.
 */
async function touchDrag(cdp: CDPSession, x: number, y: number, dx: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 8;
  for (let step = 1; step <= steps; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / steps, y }] });
  }
  // The finger rests on its target before it lifts, as when placing a bar: no fling follows.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe('the planning board on touch screens', () => {
  const run = useCockpitInChromium();
  let context: BrowserContext;

  afterEach(async () => {
    await context?.close();
  });

  async function touchPage(viewport: { width: number; height: number }): Promise<Page> {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport, hasTouch: true, isMobile: true, timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await page.goto('/login');
    await logIn(page);
    await page.waitForURL(/\/orders/);
    await page.goto('/planning');
    // Live, so that no reading of the board after the stream's start redraws it under the finger.
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ state: 'attached' });
    return page;
  }

  it('the board on a tablet by touch: a finger drags a bar a day and it is saved; a tap opens one', async () => {
    const page = await touchPage(TABLET);
    await planningRead(page);
    // A bar inside the week, wide enough for a finger on its body, moved a day later.
    const id = await bars(page).evaluateAll((elements) => {
      const inside = elements.find((element) => {
        const left = parseFloat((element as HTMLElement).style.left);
        return !element.className.includes('--before') && left > 0 && left < 80 && element.getBoundingClientRect().width >= 60;
      });
      return inside?.getAttribute('data-order-id') ?? '';
    });
    expect(id).not.toBe('');
    await bar(page, id).evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
    const before = await leftOf(page, id);
    const box = (await bar(page, id).boundingBox())!;
    const track = (await bar(page, id).locator('xpath=..').boundingBox())!;
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/orders/${id}`) && response.request().method() === 'PATCH');
    const cdp = await context.newCDPSession(page);
    await touchDrag(cdp, box.x + box.width / 2, box.y + box.height / 2, track.width / 7);
    expect((await saved).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/planning');
    await eventually(() => leftOf(page, id), { until: (left) => Math.abs(left - (before + 100 / 7)) < 0.1, what: 'the bar saved a day later' });

    // A tap opens an order, the first one after a drag too.
    const end = { x: box.x + box.width / 2 + track.width / 7, y: box.y + box.height / 2 };
    const other = await bars(page).evaluateAll((elements, from) => {
      const away = elements.find((element) => {
        const rect = element.getBoundingClientRect();
        const distance = Math.hypot(rect.x + rect.width / 2 - from.x, rect.y + rect.height / 2 - from.y);
        return rect.width >= 30 && rect.top > 100 && rect.bottom < window.innerHeight && rect.left > 200 && rect.right < window.innerWidth && distance > 150;
      });
      return away?.getAttribute('data-order-id') ?? '';
    }, end);
    expect(other).not.toBe('');
    // A finger wobbling a little on the bar's begin handle taps it all the same.
    const handle = (await bar(page, other).boundingBox())!;
    await touchDrag(cdp, handle.x + 3, handle.y + handle.height / 2, 2);
    await page.waitForURL(new RegExp(`/orders/${other}`));
  });

  it('a phone shows a day of the week as a list per station, walked a day at a time, each order opened by a tap', async () => {
    const page = await touchPage(PHONE);
    const list = page.getByTestId('planning-day-list');
    await planningRead(page);
    expect(await bars(page).count()).toBe(0);
    expect(await list.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(1);
    const day = await list.getAttribute('data-day');
    // Times in the operator's format, in time order within each station, the status as a word.
    const stations = await list.locator('[data-station]').evaluateAll((sections) =>
      sections.map((section) => Array.from(section.querySelectorAll('.cockpit-planning-day-time'), (time) => time.textContent ?? '')),
    );
    const times = stations.flat();
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((time) => /^(\d\d\.\d\d\.\d{4} )?\d\d:\d\d – (\d\d\.\d\d\.\d{4} )?\d\d:\d\d$/.test(time))).toBe(true);
    expect(await list.locator('[data-order-id] .cockpit-status').first().textContent()).toMatch(/^(Neu|Bestätigt|In Arbeit|Abgeschlossen|Storniert)$/);

    // Another day of the week: the day is the store's, so it stays while the page lives.
    const step = (await page.getByTestId('next-day').isEnabled()) ? 'next-day' : 'previous-day';
    await page.getByRole('button', { name: step === 'next-day' ? 'Nächster Tag' : 'Vorheriger Tag' }).click();
    await eventually(() => list.getAttribute('data-day'), { until: (shown) => shown !== day, what: 'another day shown' });
    const other = await list.getAttribute('data-day');

    const first = list.locator('[data-order-id]').first();
    const id = await first.getAttribute('data-order-id');
    await first.tap();
    await page.waitForURL(new RegExp(`/orders/${id}`));
    await page.goBack();
    await list.waitFor();
    expect(await list.getAttribute('data-day')).toBe(other);
  });
});
