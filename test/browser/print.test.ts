import type { BrowserContext, Page } from 'playwright-core';
import type { Order, OrderPage } from '../../shared/Order';
import { formatDateTime } from '../../src/ui/format/formatDateTime';
import { formatMoney } from '../../src/ui/format/formatMoney';
import { BRITISH_USER, openLoggedIn, storedState } from './support/session';
import { pdfText } from './support/pdfText';
import { useCockpitInChromium } from './support/useCockpitInChromium';
import { eventually } from '../support/eventually';

const TIME_ZONE = 'Europe/Berlin';
const AN_ORDERS = 1500;

/** How often the list's header row is on paper. */
const headerRows = (text: string, header: string) => text.split(header).length - 1;

/** The page printed to PDF as the browser prints it (A4 from the stylesheet's `@page`): its pages' count and text. */
async function printed(page: Page): Promise<{ pages: number; text: string }> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const { pages, text } = await pdfText(pdf);
  // Words as the PDF places them: runs of white space (line ends, no-break spaces) as one space.
  return { pages, text: text.replace(/\s+/g, ' ') };
}

/** A call of the backend's API with the page's session. */
async function api<T>(page: Page, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<T> {
  const { auth } = await storedState(page);
  const response = await page.request.fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${auth?.token ?? ''}`, ...(init.headers ?? {}) },
    ...(init.body === undefined ? {} : { data: init.body }),
  });
  if (!response.ok()) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Counts the print dialogs the page asks for, instead of opening them (headless Chromium has none). */
async function countPrintDialogs(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { printDialogs: number };
    counted.printDialogs = 0;
    window.print = () => void counted.printDialogs++;
  });
  return () => page.evaluate(() => (window as unknown as { printDialogs: number }).printDialogs);
}

/** What the console shows around the list and the order, none of which belongs on paper. */
const CHROME_TEXTS = ['Neuer Auftrag', 'CSV exportieren', 'Aktualisieren', 'Spalten', 'Speichern', 'Abmelden', 'Zurücksetzen'];

describe('printing orders in a browser', () => {
  let context: BrowserContext;

  // Autohaus Nord with more orders than a print holds (over the 121 days the demo data spans).
  const run = useCockpitInChromium({ SEED_TENANT_ORDERS: `AN=${AN_ORDERS}` });

  afterEach(async () => {
    await context.close();
  });

  async function open(user?: typeof BRITISH_USER): Promise<Page> {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE, serviceWorkers: 'block' });
    return openLoggedIn(context, user);
  }

  it('an open order prints as one sheet: its number, customer, plate, price and times, a signature line, none of the console; long notes too', async () => {
    const page = await open();
    const first = page.locator('[role="row"][data-order-id]').first();
    const id = (await first.getAttribute('data-order-id')) ?? '';
    const order = await api<Order>(page, `/orders/${id}`);
    // The longest notes the backend takes, in words that wrap.
    const notes = `${'Bremsscheiben vorne prüfen und Beläge tauschen, Kunde vorher anrufen. '.repeat(30)}`.slice(0, 2000);
    const saved = await api<Order>(page, `/orders/${id}`, { method: 'PATCH', headers: { 'If-Match': `"${order.version}"` }, body: { notes } });
    await first.dblclick();
    await page.getByTestId('print-order').waitFor();
    await page.locator('.cockpit-print-notes', { hasText: 'Kunde vorher anrufen' }).waitFor({ state: 'attached' });

    const dialogs = await countPrintDialogs(page);
    await page.getByTestId('print-order').click();
    expect(await dialogs()).toBe(1);

    const sheet = await printed(page);
    expect(sheet.pages).toBe(1);
    for (const text of [
      'Autohaus Nord',
      order.number,
      order.customer.name,
      order.vehicle.licensePlate,
      formatMoney(order.price, 'de').replace(/\s/g, ' '),
      formatDateTime(order.begin, 'de'),
      formatDateTime(order.end, 'de'),
      'Unterschrift',
      'Datum',
      'Kunde vorher anrufen',
    ]) {
      expect(sheet.text).toContain(text);
    }
    // Written in capitals by the stylesheet.
    expect(sheet.text).toContain('AUFTRAGSBLATT');
    for (const chrome of CHROME_TEXTS) expect(sheet.text).not.toContain(chrome);
    // Nothing of the grid: the number of the order below the first is on the page, not on paper.
    const second = (await page.locator('[role="row"][data-order-id]').nth(1).locator('[role="gridcell"]').first().textContent()) ?? '';
    expect(second).not.toBe('');
    expect(sheet.text).not.toContain(second);

    // Notes of as many lines as 2 000 characters hold run on, and stay on the one page (the change comes live).
    const lines = Array.from({ length: 950 }, (_, i) => (i % 50 === 49 ? 'Ende' : 'x')).join('\n');
    await api<Order>(page, `/orders/${id}`, { method: 'PATCH', headers: { 'If-Match': `"${saved.version}"` }, body: { notes: lines } });
    await page.locator('.cockpit-print-notes-dense').waitFor({ state: 'attached' });
    const dense = await printed(page);
    expect(dense.pages).toBe(1);
    expect(dense.text.split('Ende')).toHaveLength(20);
    expect(dense.text).toContain('Unterschrift');
  });

  it('with no order open, Ctrl+P prints the rows loaded and says so; Print reads the whole filter up to 1 000 and prints it with the header on every page, in German', async () => {
    const page = await open();
    // Days that hold every order of the demo data (60 days either side of today).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await page.evaluate(({ begin, end }) => {
      const state = JSON.parse(localStorage.getItem('cockpit.state') ?? '{}');
      localStorage.setItem('cockpit.state', JSON.stringify({ ...state, orders: { filter: { begin, end } } }));
    }, { begin: day(-65), end: day(65) });
    // The grid holds the first page and the one after it at rest: the second is asked for once the
    // first has come, so Ctrl+P waits for its answer (and a frame to show it) like an operator who
    // reads the screen first.
    const secondPage = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/orders' && url.searchParams.has('cursor');
    });
    await page.reload();
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    const total = `${AN_ORDERS.toLocaleString('de-DE')}`;
    await page.getByTestId('orders-total').filter({ hasText: total }).waitFor();
    await secondPage;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const header = 'Nummer Status Beginn Ende Station Kunde Kennzeichen Fahrzeug Preis';

    // Ctrl+P before anything was read for paper: the rows the grid holds, and a word that it is not all.
    const loaded = await printed(page);
    expect(loaded.text).toContain(`Unvollständig: 200 von ${total} Aufträgen`);
    expect(loaded.pages).toBeGreaterThan(1);
    expect(headerRows(loaded.text, header)).toBe(loaded.pages);

    // The orders read for paper, as the backend answered the print's requests.
    const read: OrderPage[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/orders' && url.searchParams.get('limit') === '500') void response.json().then((body: OrderPage) => read.push(body));
    });
    const dialogs = await countPrintDialogs(page);
    await page.getByTestId('print-list').click();
    await eventually(dialogs, { until: (count) => count === 1, timeoutMs: 20_000, what: 'the print dialog to be asked for once the orders are read' });
    // The answers' bodies are read after the page had them.
    await eventually(() => read.length, { until: (count) => count === 2, what: 'both answers of the print\'s two requests' });
    const all = read.flatMap((answer) => answer.items);
    expect(all).toHaveLength(1000);

    const list = await printed(page);
    expect(list.text).toMatch(/Tage \d\d\.\d\d\.\d{4} bis \d\d\.\d\d\.\d{4} · jeder Status · sortiert nach Beginn, aufsteigend/);
    expect(list.text).toContain(`Die ersten 1.000 von ${total} Aufträgen: Eine gedruckte Liste umfasst höchstens 1.000.`);
    expect(list.pages).toBeGreaterThan(loaded.pages);
    expect(headerRows(list.text, header)).toBe(list.pages);
    for (const order of [all[0], all[499], all[500], all[999]]) expect(list.text).toContain(order?.number);
    for (const chrome of CHROME_TEXTS) expect(list.text).not.toContain(chrome);
  }, 120_000);

  it('Ctrl+P with no order open prints the list with what is loaded, in English', async () => {
    const page = await open(BRITISH_USER);
    const numbers = await page.locator('[role="row"][data-order-id] [role="gridcell"]:first-child').allTextContents();
    expect(numbers.length).toBeGreaterThan(1);
    // Prices as English writes them, on screen and on paper.
    const prices = await page.locator('[role="row"][data-order-id] [role="gridcell"].cockpit-order-price').allTextContents();
    expect(prices.length).toBeGreaterThan(1);
    for (const price of prices) expect(price).toMatch(/^-?€\d{1,3}(?:,\d{3})*\.\d\d$/);
    const list = await printed(page);
    expect(list.text).toMatch(/Days \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4} · every status · sorted by Begin, ascending/);
    expect(list.text).toMatch(/\d orders|Incomplete: [\d,]+ of [\d,]+ orders/);
    expect(list.text).toContain('Number Status Begin End');
    for (const number of numbers.slice(0, 3)) expect(list.text).toContain(number);
    for (const price of prices.slice(0, 3)) expect(list.text).toContain(price);
    expect(list.text).not.toContain('Refresh');
  });
});
