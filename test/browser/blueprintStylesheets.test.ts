import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { BRITISH_USER, GERMAN_USER, logIn, openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';
const root = path.resolve(__dirname, '../..');

/** Blueprint's whole stylesheets, as the build reads them before it keeps only the rules the console can use. */
const FULL = {
  core: readFileSync(path.join(root, 'node_modules/@blueprintjs/core/lib/css/blueprint.css'), 'utf8'),
  datetime: readFileSync(path.join(root, 'node_modules/@blueprintjs/datetime/lib/css/blueprint-datetime.css'), 'utf8'),
};

const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
const screenshot = (page: Page) => page.screenshot({ animations: 'disabled', caret: 'hide' });

/** Where the shell's stylesheet turns from Blueprint's rules for the signed-in pages to its own (UsedBlueprintCssPlugin). */
const SHELL_OWN_RULES = '/* The shell\'s own rules */';

/**
 * Puts Blueprint's whole stylesheets in the place of the build's reduced ones (each right after its
 * `<link>`, which is switched off, so the cascade's order stays), or back. The shell's stylesheet,
 * which begins with the Blueprint rules the build moved out of the login page's, is put back
 * without them. Returns how many it swapped (not counting the shell's).
 */
function swapStylesheets(page: Page, full: typeof FULL | null): Promise<number> {
  return page.evaluate(async ([whole, marker]) => {
    document.querySelectorAll('style[data-full-stylesheet]').forEach((style) => style.remove());
    document.querySelectorAll<HTMLLinkElement>('link[data-swapped]').forEach((link) => {
      link.disabled = false;
      delete link.dataset.swapped;
    });
    if (whole === null) {
      return 0;
    }
    let swapped = 0;
    for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))) {
      const rules = Array.from(link.sheet?.cssRules ?? []).map((rule) => (rule as CSSStyleRule).selectorText ?? '');
      const kind = /\/framework\.[0-9a-f]+\.css$/.test(link.href) ? 'core' : rules.some((selector) => selector.startsWith('.rdp')) ? 'datetime' : null;
      if (kind !== null) {
        // The framework's stylesheet holds the console's own rules of the entry and the login page after
        // Blueprint's (webpack.config.ts): they stay, after Blueprint's whole stylesheet.
        const blueprint = new CSSStyleSheet();
        blueprint.replaceSync(whole[kind]);
        const blueprintRules = new Set(Array.from(blueprint.cssRules, (rule) => rule.cssText));
        const own = Array.from(link.sheet?.cssRules ?? [], (rule) => rule.cssText).filter((text) => !blueprintRules.has(text) && !text.includes('.bp6-'));
        const style = document.createElement('style');
        style.dataset.fullStylesheet = kind;
        style.textContent = [whole[kind], ...own].join('\n');
        link.after(style);
        link.dataset.swapped = kind;
        link.disabled = true;
        swapped++;
      } else if (/\/shell\.[0-9a-f]+\.css$/.test(link.href)) {
        const text = await (await fetch(link.href)).text();
        const style = document.createElement('style');
        style.dataset.fullStylesheet = 'shell';
        style.textContent = text.slice(text.indexOf(marker) + marker.length);
        link.after(style);
        link.dataset.swapped = 'shell';
        link.disabled = true;
      }
    }
    return swapped;
  }, [full, SHELL_OWN_RULES] as const);
}

/**
 * The page as it looks now, with the build's stylesheets and with Blueprint's whole ones: the two
 * screenshots must be the same, pixel for pixel. A state that changed meanwhile (a toast arriving)
 * is taken again; differing screenshots are written to the temp folder.
 */
async function expectSameWithWholeStylesheets(page: Page, state: string, stylesheets = 1): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await settle(page);
    const reduced = await screenshot(page);
    const swapped = await swapStylesheets(page, FULL);
    if (swapped < stylesheets) {
      console.log(await page.evaluate(() => Array.from(document.querySelectorAll('link')).map((l) => `${l.rel} ${l.href} ${l.sheet?.cssRules.length}`)));
    }
    expect(swapped).toBeGreaterThanOrEqual(stylesheets);
    await settle(page);
    const whole = await screenshot(page);
    await swapStylesheets(page, null);
    await settle(page);
    const reducedAgain = await screenshot(page);
    // A page still changing (a tooltip placing itself, the stream reconnecting) is compared again a little later.
    if (!reduced.equals(reducedAgain) && attempt < 10) {
      await page.waitForTimeout(500);
      continue;
    }
    if (!reduced.equals(whole)) {
      const folder = path.join(tmpdir(), 'cockpit-stylesheets');
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `${state}-reduced.png`), reduced);
      writeFileSync(path.join(folder, `${state}-whole.png`), whole);
    }
    expect({ state, stable: reduced.equals(reducedAgain), same: reduced.equals(whole) }).toEqual({ state, stable: true, same: true });
    return;
  }
}

/** A computed style of the first element matching `selector`. */
const styleOf = (page: Page, selector: string, property: string) =>
  page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/**
 * The build ships only the Blueprint rules the console's scripts can use (scripts/webpack/UsedBlueprintCssPlugin.ts).
 * Every state of the console looks the same with Blueprint's whole stylesheets, and rendered
 * components keep Blueprint's look.
 */
describe('Blueprint\'s stylesheets as the build ships them', () => {
  jest.setTimeout(180_000);

  let context: BrowserContext;

  const run = useCockpitInChromium({ SEED_ORDERS: '300' });

  beforeEach(async () => {
    // The whole stylesheets go in as <style> elements, which the console's CSP (nonces) would refuse.
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1280, height: 800 }, timezoneId: TIME_ZONE, serviceWorkers: 'block', bypassCSP: true });
  });

  afterEach(async () => {
    await context.close();
  });

  it('holds no glyph rule of the icon font and is a fraction of Blueprint\'s', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    const href = await page.locator('link[rel="stylesheet"][href*="/framework."]').getAttribute('href');
    const css = await (await fetch(new URL(href ?? '', run.cockpit.url))).text();
    expect(css).not.toMatch(/\.bp6-icon-[a-z-]+::?before\s*\{\s*content:/);
    expect(css).toContain('.bp6-button');
    expect(css).not.toContain('.bp6-slider');
    expect(css.length).toBeLessThan(FULL.core.length * 0.7);
    // What only the signed-in pages draw comes with the shell, before the shell's own rules.
    expect(css).not.toContain('.bp6-tooltip');
    expect(css).not.toContain('.bp6-menu-item');
    await logIn(page);
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    const shellHref = await page.locator('link[rel="stylesheet"][href*="/shell."]').getAttribute('href');
    const shellCss = await (await fetch(new URL(shellHref ?? '', run.cockpit.url))).text();
    expect(shellCss.indexOf('.bp6-tooltip')).toBeGreaterThanOrEqual(0);
    expect(shellCss.indexOf('.bp6-tooltip')).toBeLessThan(shellCss.indexOf(SHELL_OWN_RULES));
    // The login page follows the theme: its components' dark rules are its own, the signed-in pages' come with the shell.
    expect(css).toContain('.bp6-dark .bp6-button');
    expect(css).not.toContain('.bp6-dark .bp6-navbar');
    expect(shellCss.indexOf('.bp6-dark .bp6-navbar')).toBeGreaterThanOrEqual(0);
    expect(shellCss.indexOf('.bp6-dark .bp6-navbar')).toBeLessThan(shellCss.indexOf(SHELL_OWN_RULES));
  });

  it('shows the login with an error, the orders, a tooltip, the user menu, the calendar and the settings as with the whole stylesheets', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await logIn(page, { ...GERMAN_USER, password: 'falsch' });
    await page.getByRole('alert').getByText('E-Mail oder Passwort ist falsch.').waitFor();
    await expectSameWithWholeStylesheets(page, 'login-error');

    await logIn(page);
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
    await expectSameWithWholeStylesheets(page, 'orders');

    await page.locator('.cockpit-live-indicator').hover();
    await page.locator('.bp6-tooltip').waitFor();
    await page.waitForTimeout(400);
    await expectSameWithWholeStylesheets(page, 'tooltip');
    await page.mouse.move(0, 400);

    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.locator('.bp6-menu').waitFor();
    await page.waitForTimeout(400);
    await expectSameWithWholeStylesheets(page, 'user-menu');
    await page.keyboard.press('Escape');

    await page.getByLabel('Von', { exact: true }).click();
    await page.locator('.bp6-datepicker').waitFor();
    await page.waitForTimeout(400);
    await expectSameWithWholeStylesheets(page, 'calendar', 2);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Einstellungen', exact: true }).waitFor();
    await expectSameWithWholeStylesheets(page, 'settings');
  });

  it('shows an order\'s drawer, a toast, the conflict dialog and the tour as with the whole stylesheets', async () => {
    const page = await openLoggedIn(context, BRITISH_USER);
    await page.locator('[role="row"][data-order-id]').first().dblclick();
    await page.waitForURL(/\/orders\/[0-9a-f-]+$/);
    await page.getByLabel('Notes').waitFor();
    await page.waitForTimeout(500);
    await expectSameWithWholeStylesheets(page, 'drawer');

    // Blueprint's look: the drawer, a primary button and a tooltip have Blueprint's own colours (City Fleet keeps them).
    expect(await styleOf(page, '.bp6-drawer', 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await styleOf(page, '.bp6-drawer', 'box-shadow')).not.toBe('none');

    // A second editor saves first: the conflict dialog.
    const orderPath = new URL(page.url()).pathname;
    const second = await context.newPage();
    await second.goto(orderPath);
    await second.getByLabel('Notes').waitFor();
    await second.getByLabel('Notes').fill('Second note');
    await page.getByLabel('Notes').fill('First note');
    expect(await styleOf(page, '.cockpit-order-detail .bp6-button.bp6-intent-primary', 'background-color')).toBe('rgb(45, 114, 210)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/saved\./).waitFor();
    await page.waitForTimeout(500);
    await expectSameWithWholeStylesheets(page, 'toast');
    await second.getByTestId('changed-elsewhere').waitFor();
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByRole('dialog', { name: /changed this order/ }).waitFor();
    await second.waitForTimeout(500);
    await expectSameWithWholeStylesheets(second, 'conflict');
    await second.close();

    await page.goto('/orders');
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await page.getByRole('button', { name: 'Tour of the console' }).click();
    await page.getByTestId('tour-counter').waitFor();
    await page.waitForTimeout(500);
    await expectSameWithWholeStylesheets(page, 'tour');
    await page.keyboard.press('Escape');
    await page.getByTestId('tour-counter').waitFor({ state: 'detached' });

    await page.locator('.cockpit-live-indicator').hover();
    await page.locator('.bp6-tooltip').waitFor();
    expect(await styleOf(page, '.bp6-tooltip .bp6-popover-content', 'background-color')).toBe('rgb(64, 72, 84)');
    await page.mouse.move(0, 400);

    // The backend gone: the live indicator says so.
    await run.cockpit.stop();
    await page.locator('.cockpit-live-indicator:not([data-state="live"])').waitFor();
    await page.waitForTimeout(500);
    await expectSameWithWholeStylesheets(page, 'offline');
    await run.cockpit.start();
  });
});
