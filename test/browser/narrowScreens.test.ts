import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, logIn, openOrders } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';
import { useContexts } from './support/useContexts';

const SCREENSHOTS = 'test-results/narrow-screens';
/** The German tenant's admin: sees every route's full page (the users' table too). */
const GERMAN_ADMIN = { email: 'admin@autohaus-nord.example', password: GERMAN_USER.password };

/** The desk, the counter's tablet (portrait), the yard's phone. */
const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desk', options: { viewport: { width: 1366, height: 768 } } },
  { name: 'tablet', options: { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
];

/** How far the page is wider than the window (0: nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The sizes of the visible targets a finger takes under `root`: buttons, fields, text areas, checkboxes' and
 * switches' labels, menu items, links. Measured in the page in one go, so that a target that goes away
 * meanwhile (a toast, a spinner replaced by its table) is not waited for.
 */
async function targets(page: Page, root = 'body'): Promise<{ what: string; width: number; height: number }[]> {
  const selector = `${root} :is(button, a[href], input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea, select, .bp6-control, .bp6-menu-item)`;
  return page.$$eval(selector, (elements) =>
    elements.flatMap((element) => {
      if (!element.checkVisibility({ visibilityProperty: true })) return [];
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const what = `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 30)}" ${element.getAttribute('aria-label') ?? ''}`;
      return [{ what, width: Math.round(box.width), height: Math.round(box.height) }];
    }),
  );
}

/** The targets smaller than 44 × 44 px. */
const tooSmall = async (page: Page, root?: string) => (await targets(page, root)).filter((target) => target.width < 44 || target.height < 44);

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}


describe('the console on the desk, a tablet and a phone', () => {
  const run = useCockpitInChromium();

  beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));


  const newContext = useContexts(run);

  it.each(SCREENS)('scrolls nothing sideways on any route, and takes a finger where it is narrow ($name)', async ({ name, options }) => {
    const narrow = name !== 'desk';
    const context = await newContext(options);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await shoot(page, `${name}-login`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    if (narrow) expect(await tooSmall(page)).toEqual([]);

    await logIn(page, GERMAN_ADMIN);
    await page.locator('[role="row"][data-order-id], .cockpit-order-card[data-order-id]').first().waitFor();
    await page.waitForTimeout(300);
    await shoot(page, `${name}-orders`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    if (narrow) {
      expect(await tooSmall(page)).toEqual([]);
      const row = page.locator('[role="row"][data-order-id]').first();
      if (name === 'tablet') expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    if (name === 'phone') {
      await page.getByTestId('filter-toggle').tap();
      await page.locator('.cockpit-orders-filter').waitFor();
      await shoot(page, `${name}-orders-filters`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await tooSmall(page)).toEqual([]);
    }

    // The order's detail, opened by a click on its row on the desk, a tap on it on a tablet or on its
    // card on a phone: beside the list on the desk, over the whole window on a tablet and a phone.
    if (name === 'desk') {
      await page.locator('[role="row"][data-order-id] [role="gridcell"]:nth-child(4)').first().click();
    } else if (name === 'tablet') {
      await page.locator('[role="row"][data-order-id] [role="gridcell"]:nth-child(4)').first().tap();
    } else {
      await page.locator('.cockpit-order-card[data-order-id] .cockpit-order-card-line').first().tap();
    }
    const drawer = page.locator('.cockpit-order-detail');
    await drawer.locator('.cockpit-order-facts').waitFor();
    await page.waitForTimeout(400);
    await shoot(page, `${name}-order`);
    const box = await drawer.boundingBox();
    const viewport = options.viewport as { width: number; height: number };
    expect(box?.height).toBe(viewport.height);
    if (narrow) {
      expect(box?.width).toBe(viewport.width);
      expect(await tooSmall(page, '.cockpit-order-detail')).toEqual([]);
    } else {
      expect(box?.width).toBe(520);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    for (const route of ['settings', 'users']) {
      await page.goto(`/${route}`);
      await page.locator('.cockpit-page-title').waitFor();
      await page.waitForTimeout(300);
      await shoot(page, `${name}-${route}`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      if (narrow) expect(await tooSmall(page)).toEqual([]);
    }
  }, 120_000);

  it('shows a phone the orders as cards, whose status move is still there after a reload', async () => {
    const context = await newContext(SCREENS[2]!.options);
    const page = await openOrders(context);
    expect(await page.locator('[role="grid"]').count()).toBe(0);
    const card = page.locator('.cockpit-order-card:has([data-move-to="confirmed"])').first();
    const id = await card.getAttribute('data-order-id');
    const sameCard = page.locator(`.cockpit-order-card[data-order-id="${id}"]`);
    expect(await sameCard.getByTestId('card-status').textContent()).toBe('Neu');
    await sameCard.locator('[data-move-to="confirmed"]').tap();
    await eventually(() => sameCard.getByTestId('card-status').textContent(), { until: (status) => status === 'Bestätigt', what: 'the card to show the order confirmed' });
    expect(await sameCard.locator('[data-move-to]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-move-to')))).toEqual(['in_progress', 'cancelled']);
    await shoot(page, 'phone-card-moved');

    await page.reload();
    await sameCard.waitFor();
    expect(await sameCard.getByTestId('card-status').textContent()).toBe('Bestätigt');
  });

  it('shows a tablet the five columns, and the operator\'s choice instead once made, also after a reload', async () => {
    const context = await newContext(SCREENS[1]!.options);
    const page = await openOrders(context);
    const headers = () => page.locator('.cockpit-order-header [role="columnheader"]').allTextContents();
    expect(await headers()).toEqual(['Nummer', 'Status', 'Beginn', 'Kunde', 'Kennzeichen']);

    await page.getByTestId('columns-menu').tap();
    const panel = page.getByTestId('columns-panel');
    await panel.waitFor();
    // The popover's opening transition scales it up.
    await page.waitForTimeout(400);
    expect(await panel.getByTestId('columns-narrowed').textContent()).toContain('fünf wichtigsten Spalten');
    expect(await tooSmall(page, '[data-testid="columns-panel"]')).toEqual([]);
    await shoot(page, 'tablet-columns-menu');
    await panel.locator('label', { has: page.getByRole('checkbox', { name: 'Preis', exact: true }) }).tap();
    await eventually(headers, { until: (shown) => shown.includes('Preis'), what: 'the price column to show' });
    expect(await headers()).toEqual(['Nummer', 'Status', 'Beginn', 'Kunde', 'Kennzeichen', 'Preis']);
    await page.keyboard.press('Escape');

    await page.reload();
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    expect(await headers()).toEqual(['Nummer', 'Status', 'Beginn', 'Kunde', 'Kennzeichen', 'Preis']);
  });
});
