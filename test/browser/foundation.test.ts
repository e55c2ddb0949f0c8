import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, logIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const release: string = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')).version;

interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
}

/** Records the API requests a page sends and what it prints to the console. */
function watch(page: Page) {
  const requests: SentRequest[] = [];
  const consoleLines: string[] = [];
  const errors: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) {
      requests.push({ method: request.method(), path: url.pathname, headers: request.headers(), body: request.postData() });
    }
  });
  page.on('console', (message) => {
    consoleLines.push(message.text());
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      errors.push(message.text());
    }
  });
  // Failed loads are reported with their address; a 401 is what a revoked or expired session gets.
  page.on('response', (response) => {
    if (response.status() >= 400 && response.status() !== 401) {
      errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { requests, consoleLines, errors };
}

describe('the console in a browser', () => {
  let context: BrowserContext;
  let page: Page;

  const run = useCockpitInChromium({ SEED_ORDERS: '1000' });

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, locale: 'de-DE' });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  it('takes a newcomer from / to the login, then to the German orders, with token and language on every request', async () => {
    const seen = watch(page);
    await page.goto('/');
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect(seen.consoleLines).toContain('System start success');
    // A production build names its release in the title (spec).
    expect(await page.title()).toBe(`Order Cockpit · ${release}`);

    await logIn(page);
    await page.waitForURL(/\/orders$/);
    await page.getByRole('heading', { name: 'Aufträge', exact: true }).waitFor();
    const rows = page.locator('[role="row"][data-order-id]');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(10);
    expect(await page.getByTestId('tenant-name').textContent()).toBe('Autohaus Nord');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    // Dates in the German format.
    expect(await rows.first().locator('[role="gridcell"]').nth(2).textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

    const login = seen.requests.find((r) => r.path === '/api/auth/login');
    expect(login?.headers['x-ui-locale']).toBe('de');
    const token = (await storedState(page)).auth?.token;
    expect(token).toEqual(expect.any(String));
    const afterLogin = seen.requests.filter((r) => r.path !== '/api/auth/login');
    expect(afterLogin.length).toBeGreaterThan(0);
    for (const request of afterLogin) {
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.headers['x-ui-locale']).toBe('de');
    }
    expect(seen.errors).toEqual([]);
  });

  it('switches to English, saves it with PATCH /api/me, and keeps session and language across a reload', async () => {
    const seen = watch(page);
    await page.goto('/orders');
    await logIn(page);
    await page.getByRole('heading', { name: 'Aufträge', exact: true }).waitFor();

    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await page.getByLabel('Language').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const patch = await eventually(() => seen.requests.find((r) => r.path === '/api/me' && r.method === 'PATCH'), { what: 'PATCH /api/me' });
    expect(JSON.parse(patch.body ?? '{}')).toEqual({ language: 'en' });
    expect(seen.requests.some((r) => r.method === 'PUT')).toBe(false);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await eventually(() => seen.requests.filter((r) => r.path === '/api/orders').at(-1)?.headers['x-ui-locale'], {
      until: (locale) => locale === 'en',
      what: 'a list request in English after Refresh',
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    expect(page.url()).toMatch(/\/orders$/);
    expect((await storedState(page)).auth?.language).toBe('en');
    expect(seen.errors).toEqual([]);

    // The language is the account's: put it back for the other tests.
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Aufträge', exact: true }).waitFor();
  });

  it('sends an operator whose token was revoked to the login, with the token gone from storage', async () => {
    await page.goto('/settings');
    await page.waitForURL(/\/login\?returnTo=%2Fsettings$/);
    await logIn(page);
    await page.waitForURL(/\/settings$/);
    await page.getByRole('heading', { name: 'Einstellungen', exact: true }).waitFor();

    const token = (await storedState(page)).auth?.token;
    // The console is closed while the token is revoked elsewhere: an open console would notice it
    // itself (its stream is ended and refused on reconnecting) and could end the session before the
    // next start does, with the toast in the page that is being left.
    await page.goto('about:blank');
    const revoked = await fetch(`${run.cockpit.url}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(204);

    await page.goto('/settings');
    await page.waitForURL(/\/login\?returnTo=%2Fsettings$/);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect((await storedState(page)).auth?.token).toBeNull();
    await page.getByText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.').waitFor();
  });

  it('shows a wrong password on the form without leaving it', async () => {
    await page.goto('/login');
    await logIn(page, { ...GERMAN_USER, password: 'falsch' });
    await page.getByRole('alert').getByText('E-Mail oder Passwort ist falsch.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs out from the user menu', async () => {
    await page.goto('/login');
    await logIn(page);
    await page.getByRole('heading', { name: 'Aufträge', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByText('Abmelden').click();
    await page.waitForURL(/\/login$/);
    expect((await storedState(page)).auth?.token).toBeNull();
  });
});
