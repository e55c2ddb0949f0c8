import type { BrowserContext, Locator, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';
/** A licence plate no seeded order has. */
const PLATE = 'HH-DB 3434';

/** Tomorrow in Berlin as the German form writes it: `DD.MM.YYYY` (within the "next 7 days"). */
function tomorrowInBerlin(): string {
  const parts = new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
    new Date(Date.now() + 24 * 60 * 60 * 1000),
  );
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/** Types a new order for the vehicle `PLATE` from `begin` to `end` tomorrow into the dialog the key N opens, and sends it. */
async function enterOrder(page: Page, customer: string, begin: string, end: string): Promise<Locator> {
  await page.locator('body').press('n');
  const dialog = page.getByRole('dialog', { name: 'Neuer Auftrag' });
  await dialog.waitFor();
  await dialog.getByLabel('Name des Kunden').fill(customer);
  await dialog.getByLabel('E-Mail des Kunden').fill('kunde@example.de');
  await dialog.getByLabel('Telefon des Kunden').fill('+49 40 1234567');
  await dialog.getByLabel('Kennzeichen').fill(PLATE);
  await dialog.getByLabel('Marke').fill('Volkswagen');
  await dialog.getByLabel('Modell').fill('ID.4');
  await dialog.getByLabel('Station').fill('Hamburg-Altona');
  await dialog.getByLabel('Leistung').fill('Inspektion');
  const day = tomorrowInBerlin();
  await dialog.getByLabel('Beginn').pressSequentially(`${day} ${begin}`);
  await dialog.getByLabel('Ende').pressSequentially(`${day} ${end}`);
  await dialog.getByLabel('Preis in EUR').fill('99,00');
  await dialog.getByRole('button', { name: 'Auftrag anlegen' }).click();
  return dialog;
}

/** The id of the order open beside the list. */
async function openedId(page: Page, other?: string): Promise<string> {
  const url = await eventually(() => page.url(), {
    until: (candidate) => /\/orders\/[0-9a-f-]{36}/.test(new URL(candidate).pathname) && (other === undefined || !candidate.includes(other)),
    what: 'the new order opened',
  });
  return new URL(url).pathname.split('/').pop() ?? '';
}

/**
 * A vehicle booked twice (needs the backend's double-booking rule): refused, asked about, saved
 * when confirmed; both orders then marked in the list, and the filter shows only them.
 */
describe('a double booking in the console', () => {
  const run = useCockpitInChromium();
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  it('is asked about before it is saved, then marked in the list, and the filter shows only double bookings', async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE });
    const page = await openLoggedIn(context);
    await page.getByRole('button', { name: 'Nächste 7 Tage' }).click();

    // The first order of the vehicle is made without a question.
    await enterOrder(page, 'Erste Buchung', '10:00', '12:00');
    const created = page.getByText(/^Auftrag AN-\d{4}-\d{6} angelegt\.$/).first();
    await created.waitFor();
    const firstNumber = (await created.textContent())?.match(/AN-\d{4}-\d{6}/)?.[0];
    const first = await openedId(page);

    // The second overlaps it: refused, and the console asks, naming the first order and its times.
    const dialog = await enterOrder(page, 'Zweite Buchung', '11:00', '13:00');
    const question = page.getByRole('dialog', { name: 'Fahrzeug bereits gebucht' });
    await question.waitFor({ timeout: 10_000 });
    await question.getByRole('button', { name: `Auftrag ${firstNumber} öffnen` }).waitFor();
    expect(await question.getByTestId('double-booking-times').textContent()).toMatch(/^\d\d\.\d\d\.\d{4} 10:00 – \d\d\.\d\d\.\d{4} 12:00$/);
    await eventually(() => page.evaluate(() => document.activeElement?.textContent), { until: (text) => text === 'Abbrechen', what: 'the focus on Cancel' });

    // Cancelled, the new order stays as typed; confirmed, it is made.
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Name des Kunden').inputValue()).toBe('Zweite Buchung');
    await dialog.getByRole('button', { name: 'Auftrag anlegen' }).click();
    await question.getByRole('button', { name: 'Trotzdem speichern' }).click();
    const second = await openedId(page, first);

    // Both are marked in the list, by a named sign (the search narrows the list to the vehicle's orders).
    await page.getByLabel('Suche').fill(PLATE);
    for (const id of [first, second]) {
      await page.locator(`[role="row"][data-order-id="${id}"] [role="img"][aria-label^="Doppelbuchung"]`).waitFor({ timeout: 10_000 });
    }

    // The filter shows only double bookings, and the URL keeps it.
    await page.getByLabel('Suche').fill('');
    // Blueprint draws its own box over the input: the operator clicks the label.
    await page.locator('label', { hasText: 'Nur Doppelbuchungen' }).click();
    await eventually(() => page.url(), { until: (url) => new URL(url).searchParams.get('doubleBooked') === 'true', what: 'the filter in the URL' });
    await eventually(() => page.locator('[role="row"][data-order-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id'))), {
      until: (ids) => ids.length >= 2 && ids.includes(first) && ids.includes(second),
      what: 'only double-booked orders listed',
    });
    const unmarked = await page.locator('[role="row"][data-order-id]:not(:has(.cockpit-double-booked-mark))').count();
    expect(unmarked).toBe(0);
    await page.reload();
    expect(await page.getByLabel('Nur Doppelbuchungen').isChecked()).toBe(true);
  });
});
