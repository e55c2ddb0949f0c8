import type { BrowserContext, Page } from 'playwright-core';
import { openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

/** The titles of the tour's steps in order, with the element each one highlights. */
const STEPS = [
  { title: 'Zeitraum', target: 'date-filter' },
  { title: 'Auftragsliste', target: 'orders-list' },
  { title: 'Live-Aktualisierung', target: 'live-indicator' },
  { title: 'Sprache', target: 'language' },
  { title: 'Einstellungen', target: 'settings' },
];
const LIVE = 'Live-Aktualisierung';
const VIEWPORT = { width: 1400, height: 900 };

/** The position and total the card's counter reads ("2 / 4"). */
async function counter(page: Page): Promise<[number, number]> {
  const text = (await page.getByTestId('tour-counter').textContent()) ?? '';
  const [position = NaN, total = NaN] = text.split(' / ').map(Number);
  return [position, total];
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);

describe('the tour of the console in a browser', () => {
  let context: BrowserContext;
  let page: Page;

  const run = useCockpitInChromium();

  beforeEach(async () => {
    // Without motion the highlight stands at its target at once (no sliding between steps).
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: VIEWPORT, reducedMotion: 'reduce' });
    page = await openLoggedIn(context);
  });

  afterEach(async () => {
    await context.close();
  });

  it('walks through its steps with the keyboard, each target highlighted, and ends with Esc', async () => {
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
    });
    const help = page.getByRole('button', { name: 'Rundgang durch die Konsole' });
    await help.click();
    const card = page.getByRole('dialog');
    await card.waitFor();
    expect(await focusedLabel(page)).toBe('Weiter');

    const seen: string[] = [];
    for (;;) {
      const title = (await card.locator('h4').textContent()) ?? '';
      seen.push(title);
      const step = STEPS.find((candidate) => candidate.title === title);
      expect(step).toBeDefined();
      if (step?.target === 'orders-list') {
        // The list's step says that a click opens an order and how to select several for one action.
        const text = (await card.locator('p').textContent()) ?? '';
        expect(text).toContain('Ein Klick oder Tipp auf einen Auftrag öffnet ihn neben der Liste');
        expect(text).toContain('mit dem Kästchen am Anfang ihrer Zeile, mit Strg-Klick (Mac: ⌘-Klick) oder der Leertaste');
      }

      // The highlight lies around the step's target, and the card inside the viewport.
      const target = await page.locator(`[data-tour="${step?.target}"]`).first().boundingBox();
      const spot = await page.locator('.cockpit-tour-spotlight').boundingBox();
      const box = await card.boundingBox();
      if (!target || !spot || !box) {
        throw new Error(`"${title}" shows no target, highlight or card`);
      }
      expect(spot.x).toBeLessThanOrEqual(Math.max(target.x, 0));
      expect(spot.y).toBeLessThanOrEqual(Math.max(target.y, 0));
      expect(spot.x + spot.width).toBeGreaterThanOrEqual(Math.min(target.x + target.width, VIEWPORT.width));
      expect(spot.y + spot.height).toBeGreaterThanOrEqual(Math.min(target.y + target.height, VIEWPORT.height));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORT.width);
      expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);

      const [position, total] = await counter(page);
      expect(position).toBe(seen.length);
      if (position === total) {
        break;
      }
      await page.keyboard.press('ArrowRight');
      await page.locator('[data-testid="tour-counter"]', { hasText: `${position + 1} / ${total}` }).waitFor();
    }

    // Date filter, list, language and settings in this order; the live indicator only where it
    // belongs, when it is on the page.
    expect(seen.filter((title) => title !== LIVE)).toEqual(['Zeitraum', 'Auftragsliste', 'Sprache', 'Einstellungen']);
    const order = seen.map((title) => STEPS.findIndex((step) => step.title === title));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(await focusedLabel(page)).toBe('Fertig');

    // At the end ArrowRight stays; ArrowLeft goes back one.
    await page.keyboard.press('ArrowRight');
    expect(await card.locator('h4').textContent()).toBe('Einstellungen');
    await page.keyboard.press('ArrowLeft');
    await card.locator('h4', { hasText: seen[seen.length - 2] }).waitFor();

    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe('Rundgang durch die Konsole');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
