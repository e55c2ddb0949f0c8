import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

/** The focused element as the test names it, and whether it shows a focus indicator. */
interface TabStop {
  name: string;
  indicated: boolean;
  grid: boolean;
  testId: string | null;
}

/** What has the focus now, and whether an outline or a box shadow (Blueprint's focus ring) is drawn around it. */
function focused(page: Page): Promise<TabStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return null;
    }
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? (element.textContent ?? '').trim().slice(0, 40);
    return { name: `${element.tagName.toLowerCase()} "${name}"`, indicated: outline || shadow, grid: element.getAttribute('role') === 'grid', testId: element.getAttribute('data-testid') };
  });
}

describe('the console with the keyboard alone', () => {
  const run = useCockpitInChromium();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce', timezoneId: 'Europe/Berlin' });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  /** Presses Tab (or Shift+Tab) until `until` holds for the focused element, at most `limit` times; every stop is answered. */
  async function tabUntil(until: (stop: TabStop) => boolean, { backwards = false, limit = 80 } = {}): Promise<TabStop[]> {
    const stops: TabStop[] = [];
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      const stop = await focused(page);
      if (stop) {
        stops.push(stop);
        if (until(stop)) {
          return stops;
        }
      }
    }
    throw new Error(`${limit} presses of Tab did not reach the control; the stops were ${stops.map((stop) => stop.name).join(', ')}`);
  }

  const isFocused = (testId: string) => () => page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId);

  it('signs in, reaches the grid, opens and closes an order, the new-order dialog and the columns menu, each Tab stop visibly focused and focus returned', async () => {
    await page.goto('/login');
    await page.getByLabel('E-Mail').waitFor();
    // Sign in: the e-mail field has the focus when the page opens; Tab goes on to the password.
    await eventually(() => page.evaluate(() => document.activeElement?.id === 'login-email'), { what: 'the focus in the e-mail field' });
    const loginStops = [(await focused(page)) as TabStop];
    await page.keyboard.type(GERMAN_USER.email);
    loginStops.push(...(await tabUntil((stop) => stop.name.startsWith('input'))));
    await page.keyboard.type(GERMAN_USER.password);
    expect(await page.getByLabel('E-Mail').inputValue()).toBe(GERMAN_USER.email);
    expect(await page.getByLabel('Passwort').inputValue()).toBe(GERMAN_USER.password);
    await page.keyboard.press('Enter');
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    // The header's menus draw their popovers once the overlays have arrived after the first screen.
    await page.locator('.bp6-popover-target [data-testid="columns-menu"]').waitFor();

    // From the top of the page to the grid: every stop shows where the focus is.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const stops = [...loginStops, ...(await tabUntil((stop) => stop.grid))];
    expect(stops.filter((stop) => !stop.indicated).map((stop) => stop.name)).toEqual([]);

    // An order's drawer: the cursor with the arrow key, Enter opens, Esc closes, the focus is back on the grid.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/orders\/[0-9a-f-]+$/);
    await page.getByLabel('Notizen').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/orders(\?|$)/);
    await eventually(() => focused(page), { until: (stop) => stop?.grid === true, what: 'the focus back on the grid after the drawer closed' });

    // The new-order dialog: reached by Shift+Tab from the grid, opened with Enter, closed with Esc.
    const toNewOrder = await tabUntil((stop) => stop.testId === 'new-order', { backwards: true });
    expect(toNewOrder.filter((stop) => !stop.indicated).map((stop) => stop.name)).toEqual([]);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Neuer Auftrag' });
    await dialog.waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), { what: 'the focus inside the new-order dialog' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await eventually(isFocused('new-order'), { what: 'the focus back on the "New order" button' });

    // The columns menu: opened with Enter, its checkboxes reached with Tab, closed with Esc.
    const toColumns = await tabUntil((stop) => stop.testId === 'columns-menu');
    expect(toColumns.filter((stop) => !stop.indicated).map((stop) => stop.name)).toEqual([]);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('list', { name: 'Spalten der Liste' });
    await panel.waitFor();
    const inMenu = await tabUntil((stop) => stop.name.startsWith('input'));
    expect(inMenu.filter((stop) => !stop.indicated).map((stop) => stop.name)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await eventually(isFocused('columns-menu'), { what: 'the focus back on the columns button after Esc' });

    // The user menu: an item chosen with the keyboard closes it, and the focus goes back to the menu's button.
    await page.getByRole('button', { name: /Benutzermenü/ }).focus();
    await page.keyboard.press('Enter');
    const settings = page.getByRole('menuitem', { name: 'Einstellungen' });
    await settings.waitFor();
    const toSettings = await tabUntil((stop) => stop.name.includes('Einstellungen'));
    expect(toSettings.filter((stop) => !stop.indicated).map((stop) => stop.name)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings$/);
    await settings.waitFor({ state: 'hidden' });
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null), {
      until: (label) => label?.endsWith('Benutzermenü') ?? false,
      what: 'the focus back on the user menu\'s button after an item was chosen',
    });
  });
});
