import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const rows = (page: Page) => page.locator('[role="row"][data-order-id]');

/** Tomorrow at `hour` in Berlin, as an instant (within the "next 7 days"). */
function tomorrowAt(hour: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+01:00`).toISOString();
}

/** Five new orders of one customer, made through the API with the page's session. */
async function fiveNewOrders(page: Page, customer: string): Promise<void> {
  const token = (await storedState(page)).auth?.token ?? '';
  const statuses = await page.evaluate(
    async ({ token, customer, begins }) =>
      Promise.all(
        begins.map(async (begin) => {
          const response = await fetch('/api/orders', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              customer: { name: customer, email: 'bulk@example.de', phone: '+49 40 123456' },
              vehicle: { licensePlate: 'HH-BU 1', make: 'VW', model: 'Golf' },
              station: 'Hamburg',
              service: 'Inspektion',
              begin,
              end: begin,
              price: { amount: 10000, currency: 'EUR' },
            }),
          });
          return response.status;
        }),
      ),
    { token, customer, begins: [8, 9, 10, 11, 12].map(tomorrowAt) },
  );
  expect(statuses).toEqual([201, 201, 201, 201, 201]);
}

/** Changes an order's notes through the API with the page's session, as a colleague would. */
async function changeNotes(page: Page, id: string): Promise<void> {
  const token = (await storedState(page)).auth?.token ?? '';
  const status = await page.evaluate(
    async ({ id, token }) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const order = (await (await fetch(`/api/orders/${id}`, { headers })).json()) as { version: number };
      const response = await fetch(`/api/orders/${id}`, { method: 'PATCH', headers: { ...headers, 'if-match': `"${order.version}"` }, body: JSON.stringify({ notes: 'Kunde hat angerufen' }) });
      return response.status;
    },
    { id, token },
  );
  expect(status).toBe(200);
}

/** Several orders at once (this file's backend is its own). */
describe('several orders at once', () => {
  const run = useCockpitInChromium();
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('confirms five selected orders in one action and reports the one that changed underneath, by number and reason', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    contexts.push(context);
    const page = await openLoggedIn(context);
    await page.getByRole('button', { name: 'Nächste 7 Tage' }).click();
    await fiveNewOrders(page, 'Sammelkundin Bulk');
    await page.goto('/orders?status=new&q=Sammelkundin');
    await rows(page).nth(4).waitFor();

    // Ctrl-click the first, Shift-click the fifth: five selected, marked, counted, none opened (a plain click would).
    await rows(page).nth(0).click({ modifiers: ['Control'] });
    await rows(page).nth(4).click({ modifiers: ['Shift'] });
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('5 Aufträge ausgewählt').waitFor();
    const ids = await Promise.all([0, 1, 2, 3, 4].map(async (index) => (await rows(page).nth(index).getAttribute('data-order-id')) ?? ''));
    expect(await page.locator('[role="row"][data-marked="true"]').count()).toBe(5);
    const changed = ids[2] ?? '';
    const changedNumber = (await page.locator(`[role="row"][data-order-id="${changed}"] [role="gridcell"]`).first().textContent()) ?? '';
    expect(new URL(page.url()).pathname).toBe('/orders');

    // Its check box shows it selected, takes it out and puts it back.
    const box = page.getByRole('checkbox', { name: `Auftrag ${changedNumber} auswählen` });
    expect(await box.isChecked()).toBe(true);
    await box.click();
    await bar.getByText('4 Aufträge ausgewählt').waitFor();
    await box.click();
    await bar.getByText('5 Aufträge ausgewählt').waitFor();
    expect(await box.isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/orders');

    // A colleague changes one of them meanwhile; the selection keeps it.
    await changeNotes(page, changed);
    await page.waitForTimeout(500);
    await bar.getByText('5 Aufträge ausgewählt').waitFor();

    await bar.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText('4 Aufträge bestätigt.').waitFor();
    const report = page.getByTestId('bulk-report');
    await report.getByText(`${changedNumber}: der Auftrag wurde seitdem von jemand anderem geändert`).waitFor();
    // The four moved leave the list of new orders live; the one refused stays selected.
    await bar.getByText('1 Auftrag ausgewählt').waitFor();
    for (const id of ids.filter((candidate) => candidate !== changed)) {
      await eventually(() => page.locator(`[role="row"][data-order-id="${id}"]`).count(), { until: (count) => count === 0, what: `order ${id} gone from the new orders` });
    }
    await page.locator(`[role="row"][data-order-id="${changed}"][data-marked="true"]`).waitFor();
  }, 120_000);
});
