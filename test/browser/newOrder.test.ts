import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';

/** Tomorrow in Berlin as the German form writes it: `DD.MM.YYYY` (within the "next 7 days"). */
function tomorrowInBerlin(): string {
  const parts = new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
    new Date(Date.now() + 24 * 60 * 60 * 1000),
  );
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/** A new order, a customer calls to book it, and its history, in the console (this file's backend is its own). */
describe('a new order in the console', () => {
  const run = useCockpitInChromium();
  const contexts: BrowserContext[] = [];

  const openConsole = async (): Promise<Page> => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE });
    contexts.push(context);
    return openLoggedIn(context);
  };

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('is entered in one window, checked as typed, shown in another at once, cloned, and its history grows live', async () => {
    const watcher = await openConsole();
    await watcher.getByRole('button', { name: 'Nächste 7 Tage' }).click();
    const creator = await openConsole();

    // The key N opens the dialog, its first field focused.
    await creator.locator('body').press('n');
    const dialog = creator.getByRole('dialog', { name: 'Neuer Auftrag' });
    await dialog.waitFor();
    await eventually(() => creator.evaluate(() => document.activeElement?.id), { until: (id) => id === 'new-order-customer-name', what: 'the first field focused' });

    await dialog.getByLabel('Name des Kunden').fill('Greta Lindholm');
    await dialog.getByLabel('E-Mail des Kunden').fill('greta.lindholm@example');
    await dialog.getByLabel('Telefon des Kunden').focus();
    await dialog.getByText('Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.').waitFor();
    await dialog.getByLabel('E-Mail des Kunden').fill('greta.lindholm@example.de');
    await dialog.getByLabel('Telefon des Kunden').fill('+49 40 1234567');
    await dialog.getByLabel('Kennzeichen').fill('HH-GL 2031');
    await dialog.getByLabel('Marke').fill('Volkswagen');
    await dialog.getByLabel('Modell').fill('ID.4');
    await dialog.getByLabel('Station').fill('Hamburg-Altona');
    await dialog.getByLabel('Leistung').fill('Inspektion');
    const day = tomorrowInBerlin();
    await dialog.getByLabel('Beginn').pressSequentially(`${day} 10:00`);
    await dialog.getByLabel('Ende').pressSequentially(`${day} 12:30`);
    await dialog.getByLabel('Preis in EUR').fill('249,90');
    await dialog.getByRole('button', { name: 'Auftrag anlegen' }).click();

    // Created: it opens beside the list, with its creation in its history.
    await creator.getByText(/^Auftrag AN-\d{4}-\d{6} angelegt\.$/).waitFor();
    await eventually(() => creator.url(), { until: (url) => /\/orders\/[0-9a-f-]{36}/.test(new URL(url).pathname), what: 'the new order opened' });
    const id = new URL(creator.url()).pathname.split('/').pop() ?? '';
    const history = creator.getByTestId('order-history');
    await history.getByText('Angelegt von Dana Brandt').waitFor();

    // The other window shows it without a reload.
    await watcher.locator(`[role="row"][data-order-id="${id}"]`).getByText('Greta Lindholm').waitFor({ timeout: 10_000 });

    // A change by someone else (the watcher) joins the open order's history at once.
    await watcher.goto(`/orders/${id}`);
    await watcher.getByRole('button', { name: 'Bestätigen' }).click();
    await history.getByText('Status: Neu → Bestätigt').waitFor({ timeout: 10_000 });
    await history.getByText('Geändert von Dana Brandt').waitFor();

    // Clone: the same fields, no times.
    await creator.getByTestId('clone-order').click();
    const clone = creator.getByRole('dialog', { name: /^Neuer Auftrag nach AN-/ });
    await clone.waitFor();
    expect(await clone.getByLabel('Name des Kunden').inputValue()).toBe('Greta Lindholm');
    expect(await clone.getByLabel('Preis in EUR').inputValue()).toBe('249,90');
    expect(await clone.getByLabel('Beginn').inputValue()).toBe('');
    await clone.getByRole('button', { name: 'Auftrag anlegen' }).click();
    await clone.getByText('Wählen Sie Datum und Uhrzeit.').first().waitFor();
    await clone.getByRole('button', { name: 'Abbrechen' }).click();
  }, 120_000);

  it('is an operator\'s: a viewer sees the button disabled with the reason', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE, locale: 'en-GB' });
    contexts.push(context);
    const page = await openLoggedIn(context, { email: 'viewer@cityfleet.example', password: 'cockpit-demo' });
    const button = page.getByTestId('new-order');
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('title')).toBe('Creating orders needs the role Operator; yours is Viewer.');
    await page.locator('body').press('n');
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
  }, 60_000);
});
