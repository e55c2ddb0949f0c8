import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from '../support/eventually';
import type { BrowserContext, Page } from 'playwright-core';
import { GERMAN_USER, logIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';
const GERMAN_ADMIN = { email: 'admin@autohaus-nord.example', password: GERMAN_USER.password };

/** Where the screenshots of the dark theme go, to be looked at (not compared). */
const SHOTS = path.join(tmpdir(), 'cockpit-dark-theme');

const isDark = (page: Page) => page.evaluate(() => document.body.classList.contains('bp6-dark'));
const styleOf = (page: Page, selector: string, property: string) =>
  page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path.join(SHOTS, `${name}.png`), await page.screenshot({ animations: 'disabled', caret: 'hide' }));
}

/**
 * The dark theme: the console follows the operating system's scheme, a switch in the header is kept
 * with the session and on the account, the tenant's colours paint the dark theme, and Settings refuse
 * a colour whose text would not read.
 */
describe('the dark theme', () => {
  jest.setTimeout(80_000);

  const run = useCockpitInChromium();
  const contexts: BrowserContext[] = [];

  /** A browser whose operating system prefers the dark scheme. */
  async function darkBrowser(): Promise<BrowserContext> {
    const context = await run.browser.newContext({
      baseURL: run.cockpit.url,
      timezoneId: TIME_ZONE,
      serviceWorkers: 'block',
      colorScheme: 'dark',
      viewport: { width: 1280, height: 800 },
    });
    contexts.push(context);
    return context;
  }

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('follows the dark system scheme from the login on, paints the tenant\'s colours in it, keeps a switch across a reload and on the account, and refuses an unreadable colour', async () => {
    const context = await darkBrowser();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-Mail').waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await styleOf(page, 'body', 'background-color')).toBe('rgb(37, 42, 49)');
    await shoot(page, 'login');

    await logIn(page, GERMAN_ADMIN);
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
    expect(await isDark(page)).toBe(true);
    // The tenant's colours in the dark theme: the header, the primary toolbar, with the text that reads on them.
    expect(await styleOf(page, '.cockpit-header-toolbar', 'background-color')).toBe('rgb(11, 61, 145)');
    expect(await styleOf(page, '.cockpit-header-toolbar', 'color')).toBe('rgb(255, 255, 255)');
    expect(await styleOf(page, '.cockpit-primary-toolbar', 'background-color')).toBe('rgb(31, 111, 235)');
    // Blueprint's dark theme on what portals draw too: the body holds them.
    expect(await styleOf(page, '.cockpit-order-header', 'background-color')).toBe('rgb(37, 42, 49)');
    await shoot(page, 'orders');
    // The product's name keeps the header's text colour (Blueprint's dark links are blue).
    expect(await styleOf(page, '.cockpit-product-name', 'color')).toBe('rgb(255, 255, 255)');

    // What portals draw is dark too: the user menu's popover, the order's drawer.
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.locator('.bp6-menu').waitFor();
    expect(await page.locator('.bp6-portal .bp6-menu').evaluate((menu) => menu.closest('.bp6-dark') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('[role="row"][data-order-id]').first().dblclick();
    await page.locator('.bp6-drawer').waitFor();
    await page.waitForTimeout(400);
    expect(await styleOf(page, '.bp6-drawer', 'background-color')).toBe('rgb(47, 52, 60)');
    await shoot(page, 'drawer');
    await page.keyboard.press('Escape');
    await page.locator('.bp6-drawer').waitFor({ state: 'detached' });

    // The header's switch: light, although the system prefers dark.
    const headerSwitch = page.getByRole('combobox', { name: 'Darstellung' });
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me' && response.request().method() === 'PATCH');
    await headerSwitch.selectOption('light');
    expect((await saved).status()).toBe(200);
    expect(await isDark(page)).toBe(false);

    // A reload shows it at once, before GET /api/me has answered (it is held until checked).
    let releaseMe: () => void = () => undefined;
    const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
    await page.route('**/api/me', async (route) => {
      if (route.request().method() === 'GET') {
        await meHeld;
      }
      await route.continue();
    });
    await page.reload();
    await page.locator('.cockpit-header-toolbar').waitFor();
    expect(await isDark(page)).toBe(false);
    expect(await headerSwitch.inputValue()).toBe('light');
    const meAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me' && response.request().method() === 'GET');
    releaseMe();
    await meAnswered;
    await page.unroute('**/api/me');
    expect(await isDark(page)).toBe(false);
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await shoot(page, 'orders-light');

    // Another browser of the same user gets it from the account.
    const other = await (await darkBrowser()).newPage();
    await other.goto('/login');
    expect(await isDark(other)).toBe(true);
    await logIn(other, GERMAN_ADMIN);
    await other.locator('.cockpit-header-toolbar').waitFor();
    await other.waitForFunction(() => !document.body.classList.contains('bp6-dark'));
    expect(await other.getByRole('combobox', { name: 'Darstellung' }).inputValue()).toBe('light');

    // Settings: back to dark, then a colour whose text would not read is refused with the reason at its field.
    await other.goto('/settings');
    await other.getByRole('heading', { name: 'Einstellungen', exact: true }).waitFor();
    const patches: string[] = [];
    other.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/me') {
        patches.push(request.postData() ?? '');
      }
    });
    await other.locator('label.bp6-radio', { hasText: 'Dunkel' }).click();
    await other.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    await eventually(() => patches.map((body) => JSON.parse(body) as object), {
      until: (bodies) => bodies.some((body) => 'colorScheme' in body),
      what: 'the dark scheme to be kept on the account',
    });
    await other.getByLabel('Werkzeugleiste', { exact: true }).fill('rgba(255, 255, 255, 0.4)');
    await other.getByText('Text auf dieser Farbe erreicht im dunklen Design nur 4:1; mindestens 4,5:1 sind nötig.').waitFor();
    await other.getByRole('button', { name: 'Farben speichern' }).click();
    await other.waitForTimeout(300);
    expect(patches.filter((body) => 'theme' in (JSON.parse(body) as object))).toEqual([]);
    await shoot(other, 'settings');
  }, 120_000);
});
