import type { BrowserContext, Page } from 'playwright-core';
import { openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';

/** The header's column names, in the order shown. */
const headers = (page: Page) => page.locator('.cockpit-order-header [role="columnheader"]').allTextContents();

/** What the grid draws: the header's cells and the first order row's cells, with their left edges and classes. */
function drawnGrid(page: Page) {
  return page.evaluate(() => {
    const cells = (row: Element | null) =>
      Array.from(row?.querySelectorAll('[role="columnheader"], [role="gridcell"]') ?? [], (cell) => ({
        left: Math.round(cell.getBoundingClientRect().left),
        className: cell.className,
        text: cell.textContent ?? '',
        tag: cell.querySelector('.cockpit-status')?.className ?? null,
      }));
    return {
      header: cells(document.querySelector('.cockpit-order-header')),
      row: cells(document.querySelector('.cockpit-orders-body [role="row"][data-order-id]')),
    };
  });
}

/** Clicks the label of a column's checkbox, as an operator does (Blueprint draws its box over the input). */
async function toggle(page: Page, name: string): Promise<void> {
  const panel = page.getByTestId('columns-panel');
  const box = panel.getByRole('checkbox', { name, exact: true });
  const checked = await box.isChecked();
  await panel.locator('label', { has: page.getByRole('checkbox', { name, exact: true }) }).click();
  expect(await box.isChecked()).toBe(!checked);
}

describe('the columns of the orders grid in a browser', () => {
  let context: BrowserContext;
  let page: Page;

  const run = useCockpitInChromium();

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE, serviceWorkers: 'block' });
    page = await openLoggedIn(context);
  });

  afterEach(async () => {
    await context.close();
  });

  it('hides a column and moves another from the toolbar; header and rows follow at once and after a reload', async () => {
    expect(await headers(page)).toEqual(['Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Kunde', 'Kennzeichen', 'Fahrzeug', 'Preis']);

    await page.getByTestId('columns-menu').click();
    const panel = page.getByTestId('columns-panel');
    await panel.waitFor();
    await toggle(page, 'Kunde');
    // By keyboard: the service shown with Space, the price moved two places left with Enter.
    await panel.getByRole('checkbox', { name: 'Leistung' }).focus();
    await page.keyboard.press('Space');
    const left = panel.getByRole('button', { name: 'Preis nach links verschieben' });
    await left.focus();
    await page.keyboard.press('Enter');
    // The focus stays on the button pressed, so it is pressed again.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    const chosen = ['Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Leistung', 'Preis', 'Kennzeichen', 'Fahrzeug'];
    expect(await headers(page)).toEqual(chosen);
    const drawn = await drawnGrid(page);
    expect(drawn.row).toHaveLength(chosen.length);
    // Each row cell stands under its header cell: the grid's tracks follow the columns.
    expect(drawn.row.map((cell) => cell.left)).toEqual(drawn.header.map((cell) => cell.left));
    expect(drawn.row[6]?.text).toMatch(/€$/);
    expect(drawn.row[6]?.className).toBe('cockpit-order-price');
    expect(drawn.header[6]?.className).toBe('cockpit-order-price');
    expect(drawn.row[5]?.className).toBe('cockpit-order-clip');
    expect(drawn.row[5]?.text).not.toBe('');
    expect(drawn.row[1]?.tag).toMatch(/^cockpit-status cockpit-status-\w+$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cockpit.state') ?? '{}').orderColumns)).toEqual({
      columns: ['number', 'status', 'begin', 'end', 'station', 'service', 'price', 'licensePlate', 'vehicle'],
      chosen: true,
    });

    // Rows scrolled into view are drawn with the same columns.
    await page.getByRole('grid').evaluate((grid) => grid.scrollBy(0, 2000));
    await page.waitForTimeout(200);
    const scrolled = await page.locator('.cockpit-orders-body [role="row"][data-order-id]').last().locator('[role="gridcell"]').count();
    expect(scrolled).toBe(chosen.length);

    await page.reload();
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    expect(await headers(page)).toEqual(chosen);
    const again = await drawnGrid(page);
    expect(again.row.map((cell) => cell.left)).toEqual(again.header.map((cell) => cell.left));
    expect(again.row[6]?.className).toBe('cockpit-order-price');

    // Back to the default.
    await page.getByTestId('columns-menu').click();
    await page.getByRole('button', { name: 'Standard wiederherstellen' }).click();
    expect(await headers(page)).toEqual(['Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Kunde', 'Kennzeichen', 'Fahrzeug', 'Preis']);
  });

  it('keeps the last column shown, saying why', async () => {
    await page.getByTestId('columns-menu').click();
    const panel = page.getByTestId('columns-panel');
    for (const name of ['Status', 'Beginn', 'Ende', 'Station', 'Kunde', 'Kennzeichen', 'Fahrzeug', 'Preis']) {
      await toggle(page, name);
    }
    const last = panel.getByRole('checkbox', { name: 'Nummer' });
    expect(await last.isDisabled()).toBe(true);
    expect(await last.isChecked()).toBe(true);
    await panel.getByText('Mindestens eine Spalte bleibt sichtbar.').waitFor();
    expect(await panel.locator('[data-column="number"] [title]').first().getAttribute('title')).toBe('Mindestens eine Spalte bleibt sichtbar.');
    expect(await panel.getByRole('button', { name: 'Nummer nach links verschieben' }).isDisabled()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Nummer nach rechts verschieben' }).isDisabled()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Status nach links verschieben' }).isDisabled()).toBe(true);
    expect(await headers(page)).toEqual(['Nummer']);
  });
});
