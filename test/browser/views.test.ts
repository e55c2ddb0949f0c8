import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const rows = (page: Page) => page.locator('[role="row"][data-order-id]');

/** The texts of the column headed `header` in the rows on screen. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  return page.evaluate((name) => {
    const headers = Array.from(document.querySelectorAll('[role="columnheader"]')).map((cell) => cell.textContent?.trim());
    const column = headers.indexOf(name);
    return Array.from(document.querySelectorAll('[role="row"][data-order-id]')).map((row) => row.querySelectorAll('[role="gridcell"]')[column]?.textContent ?? '');
  }, header);
}

/** A German euro amount as the grid writes it (`1.234,50 €`), in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/** Filters by station and price, and views saved on the server (this file's backend is its own). */
describe('filters and saved views', () => {
  const run = useCockpitInChromium();
  const contexts: BrowserContext[] = [];

  const newContext = async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1500, height: 900 }, timezoneId: 'Europe/Berlin' });
    contexts.push(context);
    return context;
  };

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('filters by station and price range in the URL, saves it with a column shown as a view that opens in a new browser context, renames and deletes it', async () => {
    const page = await openLoggedIn(await newContext());
    await page.getByRole('button', { name: 'Diese Woche (Standard)' }).waitFor();

    // Station: chosen from the tenant's stations; every row shown is of it.
    await page.getByTestId('station-filter').click();
    await page.getByRole('option', { name: 'Kiel' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/station=Kiel/);
    await eventually(async () => (await columnTexts(page, 'Station')).every((station) => station === 'Kiel') && (await rows(page).count()) > 0, {
      what: 'only orders of Kiel',
    });

    // Price: from 100 € in German; every row shown costs at least that.
    await page.getByLabel('Preis von').fill('100');
    await page.getByLabel('Preis von').press('Enter');
    await page.waitForURL(/priceMin=100/);
    await eventually(async () => (await columnTexts(page, 'Preis')).every((price) => cents(price) >= 10_000), { what: 'only orders from 100 €' });
    const filtered = await page.getByTestId('orders-total').textContent();
    // A price that is no amount is refused where it was typed and changes nothing.
    await page.getByLabel('Preis bis').fill('12.5.0');
    await page.getByLabel('Preis bis').press('Enter');
    await page.getByText('Kein Betrag: bitte Euro eingeben, z. B. 49,50').waitFor();
    expect(page.url()).not.toContain('priceMax');
    await page.getByLabel('Preis bis').fill('');
    await page.getByLabel('Preis bis').press('Enter');

    // The service column shown as well.
    await page.getByTestId('columns-menu').click();
    const panel = page.getByTestId('columns-panel');
    await panel.locator('label', { has: page.getByRole('checkbox', { name: 'Leistung', exact: true }) }).click();
    await page.keyboard.press('Escape');
    const headers = (target: Page) => target.getByRole('columnheader').allTextContents();
    await eventually(async () => (await headers(page)).includes('Leistung'), { what: 'the service column' });

    // Saved under a name, on the server.
    await page.getByTestId('views-menu').click();
    await page.getByTestId('manage-views').click();
    await page.getByLabel('Aktuelle Ansicht speichern als').fill('Kiel ab 100 €');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByTestId('saved-view').waitFor();
    // The same name again is refused as typed.
    await page.getByLabel('Aktuelle Ansicht speichern als').fill('kiel AB 100 €');
    await page.getByText('Sie haben schon eine Ansicht dieses Namens.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ansichten: Kiel ab 100 €' }).waitFor();

    // Another browser (nothing stored in it) opens the list as the default view, and the saved one from the menu.
    const other = await openLoggedIn(await newContext());
    expect(new URL(other.url()).search).toBe('');
    await other.getByTestId('views-menu').click();
    await other.getByRole('menuitem', { name: 'Kiel ab 100 €' }).click();
    await other.waitForURL((url) => url.searchParams.get('station') === 'Kiel' && url.searchParams.get('priceMin') === '100');
    await eventually(async () => (await other.getByTestId('orders-total').textContent()) === filtered, { what: `the total of the view (${filtered})` });
    expect((await columnTexts(other, 'Station')).every((station) => station === 'Kiel')).toBe(true);
    expect(await headers(other)).toEqual(await headers(page));

    // Back to the default view: this week, every order.
    await other.getByTestId('views-menu').click();
    await other.getByRole('menuitem', { name: 'Diese Woche (Standard)' }).click();
    await other.waitForURL((url) => url.search === '');
    await eventually(async () => !(await headers(other)).includes('Leistung'), { what: 'the default columns' });

    // Renamed and deleted in the other browser.
    await other.getByTestId('views-menu').click();
    await other.getByTestId('manage-views').click();
    const row = other.getByTestId('saved-view');
    await row.getByLabel('Name').fill('Kiel teuer');
    await row.getByRole('button', { name: 'Umbenennen' }).click();
    await eventually(async () => (await row.getByLabel('Name').inputValue()) === 'Kiel teuer' && (await row.getByRole('button', { name: 'Umbenennen' }).isDisabled()), {
      what: 'the renamed view',
    });
    await row.getByRole('button', { name: '„Kiel teuer“ löschen' }).click();
    await row.getByRole('button', { name: '„Kiel teuer“ wirklich löschen?' }).click();
    await other.getByText('Noch keine gespeicherten Ansichten.', { exact: false }).waitFor();
  });

  it('exports the orders selected as CSV, in the list\'s order', async () => {
    const page = await openLoggedIn(await newContext());
    await rows(page).nth(2).waitFor();
    const numbers = await Promise.all([0, 2].map(async (index) => (await rows(page).nth(index).locator('[role="gridcell"]').first().textContent()) ?? ''));
    await rows(page).nth(2).click({ modifiers: ['Control'] });
    await rows(page).nth(0).click({ modifiers: ['Control'] });
    await page.getByTestId('bulk-bar').getByText('2 Aufträge ausgewählt').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-selection').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-selection\.csv$/);
    const lines = readFileSync(await download.path()).toString('utf8').slice(1).trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Nummer;Status;Beginn;Ende;/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(numbers[0]);
    expect(lines[2]).toContain(numbers[1]);
  });
});

