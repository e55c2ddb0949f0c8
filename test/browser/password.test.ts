import type { BrowserContext } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, logIn, openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const NEW_PASSWORD = 'Werkstatt-Kiel 2026!';

/** Changing one's own password under Settings (this file's backend is its own: the change stays here). */
describe('the password in the console', () => {
  const run = useCockpitInChromium();
  const contexts: BrowserContext[] = [];

  const newContext = async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    contexts.push(context);
    return context;
  };

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('changes it with the rule told as it is typed, keeps this session, and signs the other browser out', async () => {
    const elsewhere = await openLoggedIn(await newContext(), GERMAN_USER);
    const page = await openLoggedIn(await newContext(), GERMAN_USER);
    // Tokens tell their time in whole seconds: the change comes in a later second than the sign-ins.
    await page.waitForTimeout(1100);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Passwort' });
    await section.getByLabel('Aktuelles Passwort').fill(GERMAN_USER.password);
    await section.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
    await section.getByText('(bisher 4 Zeichen)').waitFor();
    expect(await section.getByRole('button', { name: 'Passwort ändern' }).isDisabled()).toBe(true);
    await section.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByText('Ihr Passwort wurde geändert. Andere Sitzungen wurden abgemeldet.').waitFor();

    // The other browser's open console: its stream ends, coming back it is refused (401), and it goes to the login page.
    await elsewhere.waitForURL(/\/login/, { timeout: 30_000 });
    await elsewhere.getByText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.').waitFor();

    // This one goes on: its list and its live stream work with the new token.
    await page.goto('/orders');
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/orders');

    // The new password signs in; the old one no longer does.
    const fresh = await (await newContext()).newPage();
    await fresh.goto('/login');
    await logIn(fresh, GERMAN_USER);
    await fresh.getByRole('alert').waitFor();
    await logIn(fresh, { ...GERMAN_USER, password: NEW_PASSWORD });
    await fresh.locator('[role="row"][data-order-id]').first().waitFor();
    await eventually(() => fresh.url(), { until: (url) => new URL(url).pathname === '/orders', what: 'the orders after signing in with the new password' });
  }, 120_000);
});
