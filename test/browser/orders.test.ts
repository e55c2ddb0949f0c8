import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { eventually } from '../support/eventually';
import { logIn, openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

// The browser and this test agree on the zone (jest.browser.config.js sets TZ to it).
const TIME_ZONE = 'Europe/Berlin';

/** The `begin`/`end` of the last orders list request the page sent. */
function listRequests(page: Page) {
  const queries: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/orders' && request.method() === 'GET') {
      queries.push(url.searchParams);
    }
  });
  return queries;
}

async function typeDay(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.press('Control+A');
  await input.pressSequentially(text);
  await input.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
}

const firstRowNumber = (page: Page) => page.locator('[role="row"][data-order-id] [role="gridcell"]').first().textContent();

describe('the orders workspace in a browser', () => {
  let context: BrowserContext;
  let page: Page;

  const run = useCockpitInChromium({ SEED_ORDERS: '1500' });

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE });
    page = await openLoggedIn(context);
  });

  afterEach(async () => {
    await context.close();
  });

  it('takes a range typed in German and brings the same range and rows back after a reload', async () => {
    const queries = listRequests(page);
    // The end first: a begin after the current end would be refused.
    await typeDay(page, 'Bis', '10.12.2026');
    await typeDay(page, 'Von', '01.12.2026');
    const asked = await eventually(() => queries.find((q) => q.get('begin') === new Date(2026, 11, 1).toISOString()), { what: 'a list request from 1 December' });
    expect(asked.get('end')).toBe(new Date(2026, 11, 10, 23, 59, 59, 999).toISOString());
    await page.waitForTimeout(300);
    const before = await firstRowNumber(page);
    const total = await page.getByTestId('orders-total').textContent();
    expect((await storedState(page)).orders).toEqual({ filter: { begin: '2026-12-01', end: '2026-12-10' } });

    await page.reload();
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    expect(await page.getByLabel('Von', { exact: true }).inputValue()).toBe('01.12.2026');
    expect(await page.getByLabel('Bis', { exact: true }).inputValue()).toBe('10.12.2026');
    expect(await firstRowNumber(page)).toBe(before);
    expect(await page.getByTestId('orders-total').textContent()).toBe(total);
  });

  it('replaces a selected date with the typed one when the calendar arrives between the selection and the typing', async () => {
    const late = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await late.route(/\/assets\/date-picker\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      const waiting = await openLoggedIn(late);
      const queries = listRequests(waiting);
      const input = waiting.getByLabel('Bis', { exact: true });
      await input.click();
      await input.press('Control+A');
      release();
      await eventually(() => input.getAttribute('role'), { until: (role) => role === 'combobox', what: 'the date picker in the field' });
      await input.pressSequentially('10.12.2026');
      expect(await input.inputValue()).toBe('10.12.2026');
      await eventually(() => queries.find((q) => q.get('end') === new Date(2026, 11, 10, 23, 59, 59, 999).toISOString()), {
        what: 'a list request up to the end of 10 December',
      });
    } finally {
      release();
      await late.close();
    }
  });

  it('takes DD/MM/YYYY in English and keeps the range across the switch', async () => {
    await typeDay(page, 'Bis', '05.12.2026');
    await typeDay(page, 'Von', '02.12.2026');
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByLabel('From', { exact: true }).waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('02/12/2026');
    const queries = listRequests(page);
    await typeDay(page, 'To', '24/12/2026');
    const asked = await eventually(() => queries.find((q) => q.get('end') === new Date(2026, 11, 24, 23, 59, 59, 999).toISOString()), {
      what: 'a list request up to the end of 24 December',
    });
    expect(asked.get('begin')).toBe(new Date(2026, 11, 2).toISOString());
    await page.getByLabel('Language').selectOption('de');
    await page.getByLabel('Von', { exact: true }).waitFor();
  });

  it('leaves the list unchanged and marks the field for a date it cannot read', async () => {
    const queries = listRequests(page);
    const before = await firstRowNumber(page);
    await typeDay(page, 'Von', '31.02.2026');
    await page.getByText('Kein gültiges Datum. Bitte im Format TT.MM.JJJJ eingeben.').waitFor();
    expect(await page.getByLabel('Von', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(500);
    expect(queries).toHaveLength(0);
    expect(await firstRowNumber(page)).toBe(before);
  });

  it('keeps status and search in the URL', async () => {
    await page.getByRole('button', { name: 'Bestätigt' }).click();
    await page.waitForURL(/status=confirmed/);
    await page.getByLabel('Suche').fill('AN-2026');
    await page.waitForURL(/q=AN-2026/);
    await page.reload();
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    expect(await page.getByRole('button', { name: 'Bestätigt' }).getAttribute('aria-pressed')).toBe('true');
    const statuses = await page.locator('[role="row"][data-order-id] [role="gridcell"]:nth-child(2)').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Bestätigt']));

    // Sorting by a column goes into the URL too; a second click turns it round.
    await page.getByRole('button', { name: 'Preis' }).click();
    await page.waitForURL(/sort=price/);
    await page.getByRole('button', { name: 'Preis' }).click();
    await page.waitForURL(/sort=-price/);
    // The URL changes first; the header follows with the page's next render.
    await eventually(() => page.getByRole('columnheader', { name: 'Preis' }).getAttribute('aria-sort'), {
      until: (sort) => sort === 'descending',
      what: 'the price column sorted descending',
    });

    // `/` jumps to the search.
    await page.getByRole('grid').focus();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('orders-search');
  });

  it('opens the date fields\' calendar in the design system\'s look, without working out the offsets of every time zone', async () => {
    const counted = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE });
    // Counts the formatters built: Blueprint's own time-zone list would build three for each of ~250 zones.
    await counted.addInitScript(() => {
      const Original = Intl.DateTimeFormat;
      const state = window as unknown as { __formatters: number };
      state.__formatters = 0;
      function Counting(...args: ConstructorParameters<typeof Intl.DateTimeFormat>): Intl.DateTimeFormat {
        state.__formatters++;
        return new Original(...args);
      }
      Object.setPrototypeOf(Counting, Original);
      Counting.prototype = Original.prototype;
      Intl.DateTimeFormat = Counting as unknown as typeof Intl.DateTimeFormat;
    });
    const counting = await openLoggedIn(counted);
    await counting.getByLabel('Von', { exact: true }).click();
    const calendar = counting.locator('.bp6-datepicker');
    await calendar.waitFor();
    // Blueprint's date styles are loaded: the calendar is a white card (unstyled, it is a transparent block).
    expect(await calendar.evaluate((element) => [getComputedStyle(element).display, getComputedStyle(element).backgroundColor])).toEqual([
      'flex',
      'rgb(255, 255, 255)',
    ]);
    expect(await counting.evaluate(() => (window as unknown as { __formatters: number }).__formatters)).toBeLessThan(20);
    await counted.close();
  });

  it('downloads the filter as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV exportieren' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const content = readFileSync(file);
    expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = content.toString('utf8').slice(1).trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Nummer;Status;Beginn;Ende;/);
    const total = Number((await page.getByTestId('orders-total').textContent())?.replace(/\D/g, ''));
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toMatch(/;\d{1,3}(\.\d{3})*,\d{2};EUR;/);
  });

  it('lays the rows out one under the other in their order, also far down the list', async () => {
    await page.getByRole('button', { name: 'Dieser Monat', exact: true }).click();
    const grid = page.getByRole('grid');
    await eventually(async () => Number(await grid.getAttribute('aria-rowcount')), { until: (count) => count > 100, what: 'more than 100 rows in the grid' });
    // The middle of the list: aria-rowcount counts the header row too.
    const middle = await grid.evaluate((element) => Math.floor((Number(element.getAttribute('aria-rowcount')) - 1) / 2));
    expect(middle).toBeGreaterThan(50);
    // Scrolled there once the grid is that tall: it grows as the pages before are reached (their cursors come with them).
    await eventually(
      () =>
        grid.evaluate((element, top) => {
          element.scrollTop = top;
          return element.scrollTop;
        }, middle * 36),
      { until: (top) => top === middle * 36, what: 'the grid scrolled to the middle of the list' },
    );
    await page.locator(`[role="row"][aria-rowindex="${middle + 2}"][data-order-id]`).waitFor();
    const rows = await page.locator('.cockpit-orders-body > [role="row"]').evaluateAll((elements) =>
      elements.map((row) => ({ index: Number(row.getAttribute('aria-rowindex')), top: row.getBoundingClientRect().top, height: row.getBoundingClientRect().height })),
    );
    rows.sort((a, b) => a.index - b.index);
    const first = rows[0] as { index: number; top: number; height: number };
    expect(rows.length).toBeGreaterThan(20);
    expect(first.height).toBe(36);
    expect(rows.map((row) => Math.round(row.top - first.top))).toEqual(rows.map((row) => (row.index - first.index) * 36));
    // The row scrolled to is the first in view: under the grid's 1 px border and its 36 px header.
    const gridTop = (await grid.boundingBox())?.y ?? 0;
    const scrolledTo = rows.find((row) => row.index === middle + 2);
    expect(Math.round((scrolledTo?.top ?? 0) - gridTop)).toBe(1 + 36);
  });

  it('opens an order with the keyboard and saves a status change', async () => {
    // The rows of the filtered list, not those of the list before it, are the ones the keys move over.
    const filtered = page.waitForResponse((response) => /\/api\/orders\?.*status=new/.test(response.url()));
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    await page.waitForURL(/status=new/);
    await filtered;
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await page.getByRole('grid').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/orders\/[0-9a-f-]+\?status=new$/);
    const dialog = page.locator('.cockpit-order-detail');
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText(/Auftrag AN-\d{4}-\d{6} gespeichert\./).waitFor();
    await dialog.getByRole('button', { name: 'Arbeit beginnen' }).waitFor();
    const id = new URL(page.url()).pathname.split('/').at(-1);
    const token = (await storedState(page)).auth?.token;
    const saved = await (await fetch(`${run.cockpit.url}/api/orders/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(saved.status).toBe('confirmed');
  });

  it('shows the second of two editors the conflict dialog and loses nothing', async () => {
    const other = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE });
    const second = await other.newPage();
    await page.locator('[role="row"][data-order-id]').first().click();
    await page.waitForURL(/\/orders\/[0-9a-f-]+$/);
    const orderPath = new URL(page.url()).pathname;
    const { token, user } = (await storedState(page)).auth ?? {};
    const read = async () => (await fetch(`${run.cockpit.url}/api${orderPath}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const { version } = await read();
    await second.goto(orderPath);
    await logIn(second);
    await second.getByLabel('Notizen').waitFor();
    // The second editor hears the first one's save live (which names who saved), not by reading the order again.
    await second.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ state: 'attached' });

    // Both edit at once; the first saves while the second still has unsaved edits.
    await second.getByLabel('Notizen').fill('Zweite Notiz');
    await page.getByLabel('Notizen').fill('Erste Notiz');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(/gespeichert\./).waitFor();

    // The live stream tells the second editor at once, keeping the edits beside the new values …
    await second.getByTestId('changed-elsewhere').waitFor();
    expect(await second.getByLabel('Notizen').inputValue()).toBe('Zweite Notiz');
    // … and saving anyway still cannot overwrite: the backend refuses the old version.
    await second.getByRole('button', { name: 'Speichern' }).click();
    // It names who saved first, as the live stream told it.
    expect(user?.name).toBeTruthy();
    const conflict = second.getByRole('dialog', { name: `${user?.name} hat diesen Auftrag geändert` });
    await conflict.waitFor();
    expect(await conflict.locator('[data-field="notes"] [data-side="theirs"]').textContent()).toBe('Erste Notiz');
    expect(await conflict.locator('[data-field="notes"] [data-side="yours"]').textContent()).toBe('Zweite Notiz');

    await conflict.getByRole('button', { name: 'Neu laden und meine Änderung erneut anwenden' }).click();
    expect(await second.getByLabel('Notizen').inputValue()).toBe('Zweite Notiz');
    await second.getByRole('button', { name: 'Speichern' }).click();
    await second.getByText(/gespeichert\./).waitFor();

    // Both saves landed, one after the other: the second on top of the first.
    expect(await read()).toMatchObject({ notes: 'Zweite Notiz', version: version + 2 });
    await other.close();
  });
});
