import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { BRITISH_VIEWER, GERMAN_USER, openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';
import { planningRead } from './support/planningRead';

const bars = (page: Page) => page.locator('.cockpit-planning-bar');
const bar = (page: Page, id: string) => page.locator(`.cockpit-planning-bar[data-order-id="${id}"]`);
/** A bar's place in its row, as the share of the row its left edge is at. */
const leftOf = (page: Page, id: string) => bar(page, id).evaluate((element) => parseFloat((element as HTMLElement).style.left));
const stationOf = (page: Page, id: string) => bar(page, id).evaluate((element) => element.closest('[data-station]')?.getAttribute('data-station') ?? null);

/** The planning board: one backend and one browser context for all its steps, in order. */
describe('the planning board in a browser', () => {
  const run = useCockpitInChromium();
  let context: BrowserContext;
  let page: Page;
  let movedId = '';
  /** The colleague's name, as the server's events name them. */
  let colleagueName = '';

  beforeAll(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    page = await openLoggedIn(context);
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A colleague's session through the API, as another browser would have it. */
  async function colleague(): Promise<Record<string, string>> {
    const login = await fetch(`${run.cockpit.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(GERMAN_USER) });
    const { token, user } = (await login.json()) as { token: string; user: { name: string } };
    colleagueName = user.name;
    return { Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  }

  it('shows the bars of the seeded week by station, is reached from the navigation and keeps the filters in the URL', async () => {
    await page.getByRole('link', { name: 'Plantafel' }).click();
    await page.waitForURL(/\/planning/);
    await planningRead(page);
    expect(await bars(page).count()).toBeGreaterThan(5);
    expect(await page.getByRole('rowheader').count()).toBeGreaterThan(1);
    // The status is said in words, not by the colour alone.
    expect(await bars(page).first().getAttribute('aria-label')).toMatch(/AN-\d{4}-\d+, .+, (Neu|Bestätigt|In Arbeit|Abgeschlossen|Storniert), /);

    await page.goto('/planning?status=new');
    await planningRead(page);
    const classes = await bars(page).evaluateAll((elements) => elements.map((element) => element.className));
    expect(classes.every((name) => name.includes('cockpit-planning-bar--new'))).toBe(true);
    await page.getByLabel('Suche').fill('zzz-nothing-matches');
    await page.waitForURL(/q=zzz-nothing-matches/);
    await eventually(() => bars(page).count(), { until: (count) => count === 0, what: 'no bar for a search that matches nothing' });
    // The list shares the filters: the navigation takes them along.
    await page.getByRole('link', { name: 'Aufträge' }).click();
    await page.waitForURL(/\/orders\?.*status=new.*q=zzz-nothing-matches|\/orders\?.*q=zzz-nothing-matches.*status=new/);
    await page.goto('/planning?status=new');
  });

  it('moves a bar by a day with the keyboard, saves it with Enter and shows it there after a reload', async () => {
    await planningRead(page);
    // A bar that begins inside the week: moved a day later, or earlier near the week's end, it stays in it.
    const id = await bars(page).evaluateAll((elements) => {
      const inside = elements.find((element) => !element.className.includes('--before') && parseFloat((element as HTMLElement).style.left) > 0);
      return inside?.getAttribute('data-order-id') ?? '';
    });
    expect(id).not.toBe('');
    movedId = id;
    const before = await leftOf(page, id);
    const day = before < 80 ? 100 / 7 : -100 / 7;
    await bar(page, id).focus();
    await page.keyboard.press(day > 0 ? 'ArrowRight' : 'ArrowLeft');
    expect(await page.getByTestId('move-status').textContent()).toContain('Enter speichert');
    expect(await leftOf(page, id)).toBeCloseTo(before + day, 1);
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/orders/${id}`) && response.request().method() === 'PATCH');
    await page.keyboard.press('Enter');
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['if-match']).toMatch(/^"\d+"$/);
    await page.reload();
    await bar(page, id).waitFor();
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
    expect(await leftOf(page, id)).toBeCloseTo(before + day, 1);
  });

  it('drags a bar a day with the mouse and saves it on release', async () => {
    const id = await bars(page).evaluateAll((elements) => {
      const inside = elements.find((element) => {
        const left = parseFloat((element as HTMLElement).style.left);
        return !element.className.includes('--before') && left > 0 && left < 80;
      });
      return inside?.getAttribute('data-order-id') ?? '';
    });
    expect(id).not.toBe('');
    const before = await leftOf(page, id);
    const box = (await bar(page, id).boundingBox())!;
    const track = (await bar(page, id).locator('xpath=..').boundingBox())!;
    const x = box.x + Math.min(box.width / 2, 20);
    const y = box.y + box.height / 2;
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/orders/${id}`) && response.request().method() === 'PATCH');
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + track.width / 14, y, { steps: 4 });
    await page.mouse.move(x + track.width / 7, y, { steps: 4 });
    expect(await leftOf(page, id)).toBeCloseTo(before + 100 / 7, 1);
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    // The release opened nothing: the board is still shown.
    expect(new URL(page.url()).pathname).toBe('/planning');
    await eventually(() => leftOf(page, id), { until: (left) => Math.abs(left - (before + 100 / 7)) < 0.1, what: 'the dragged bar saved where it was dropped' });
  });

  it('moves a bar live when a colleague changes its station', async () => {
    expect(movedId).not.toBe('');
    const headers = await colleague();
    const current = (await (await fetch(`${run.cockpit.url}/api/orders/${movedId}`, { headers })).json()) as { version: number; station: string };
    const stations = await page.getByRole('rowheader').allTextContents();
    const other = stations.find((station) => station !== current.station);
    expect(other).toBeDefined();
    const changed = await fetch(`${run.cockpit.url}/api/orders/${movedId}`, { method: 'PATCH', headers: { ...headers, 'If-Match': `"${current.version}"` }, body: JSON.stringify({ station: other }) });
    expect(changed.status).toBe(200);
    await eventually(() => stationOf(page, movedId), { until: (station) => station === other, timeoutMs: 3000, what: 'the bar in the colleague’s station' });
    // The bar says who changed it, in its name and visibly.
    expect(colleagueName).not.toBe('');
    await eventually(() => bar(page, movedId).getAttribute('aria-label'), { until: (label) => label?.includes(`geändert von ${colleagueName}`) === true, what: 'the colleague named on the bar' });
    expect(await bar(page, movedId).locator('.cockpit-planning-mark--changed').getAttribute('title')).toBe(`geändert von ${colleagueName}`);
  });

  it('marks a double-booked pair on the board, shows only double bookings with the filter, and asks before a drop books the vehicle twice', async () => {
    const headers = await colleague();
    const HOUR = 60 * 60 * 1000;
    const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
    const create = async (customer: string, begin: string, end: string, confirmDoubleBooking?: true) => {
      const body = {
        customer: { name: customer, email: 'kunde@example.de', phone: '+49 40 1234567' },
        vehicle: { licensePlate: 'HH-PT 3434', make: 'Volkswagen', model: 'ID.4' },
        station: 'Hamburg-Altona',
        service: 'Inspektion',
        begin,
        end,
        price: { amount: 9900, currency: 'EUR' },
        notes: '',
        ...(confirmDoubleBooking ? { confirmDoubleBooking } : {}),
      };
      const response = await fetch(`${run.cockpit.url}/api/orders`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    // A pair booked twice on purpose, now; a third order of the vehicle a day apart (inside this week), not overlapping.
    const first = await create('Tafel Eins', at(-1), at(1));
    const second = await create('Tafel Zwei', at(-0.5), at(1.5), true);
    const monday = new Date().getDay() === 1;
    const third = await create('Tafel Drei', at(monday ? 23 : -25), at(monday ? 24 : -24));

    await page.goto('/planning');
    for (const id of [first, second]) {
      await bar(page, id).locator('.cockpit-planning-mark--double').waitFor({ timeout: 10_000 });
      expect(await bar(page, id).getAttribute('aria-label')).toContain('Doppelbuchung: Das Fahrzeug ist zur selben Zeit in einem anderen Auftrag gebucht');
    }
    await bar(page, third).waitFor();
    expect(await bar(page, third).locator('.cockpit-planning-mark--double').count()).toBe(0);

    // A drop onto the pair's day is asked about, and saved confirmed.
    await bar(page, third).focus();
    await page.keyboard.press(monday ? 'ArrowLeft' : 'ArrowRight');
    const refused = page.waitForResponse((response) => response.url().endsWith(`/api/orders/${third}`) && response.request().method() === 'PATCH');
    await page.keyboard.press('Enter');
    expect((await refused).status()).toBe(409);
    const question = page.getByRole('dialog', { name: 'Fahrzeug bereits gebucht' });
    await question.waitFor();
    const confirmed = page.waitForResponse((response) => response.url().endsWith(`/api/orders/${third}`) && response.request().method() === 'PATCH');
    await question.getByRole('button', { name: 'Trotzdem speichern' }).click();
    const saved = await confirmed;
    expect(saved.status()).toBe(200);
    expect(saved.request().postDataJSON()).toMatchObject({ confirmDoubleBooking: true });
    await bar(page, third).locator('.cockpit-planning-mark--double').waitFor({ timeout: 10_000 });

    // The filter shows only the double-booked bars, and the URL keeps it.
    await page.locator('label', { hasText: 'Nur Doppelbuchungen' }).click();
    await eventually(() => page.url(), { until: (url) => new URL(url).searchParams.get('doubleBooked') === 'true', what: 'the filter in the URL' });
    const ids = await eventually(() => bars(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-order-id'))), {
      until: (shown) => [first, second, third].every((id) => shown.includes(id)) && shown.length < 10,
      what: 'only double-booked bars',
    });
    expect(ids.length).toBeGreaterThanOrEqual(3);
    await eventually(() => page.locator('.cockpit-planning-bar:not(:has(.cockpit-planning-mark--double))').count(), { until: (count) => count === 0, what: 'every bar shown marked' });
    await page.goto('/planning');
  });

  it('lets a viewer see the board but not move a bar, and says why', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.close();
    page = await openLoggedIn(context, BRITISH_VIEWER);
    await page.goto('/planning');
    await planningRead(page);
    let patches = 0;
    page.on('request', (request) => void (request.method() === 'PATCH' && patches++));
    await bars(page).first().focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('move-refused').waitFor();
    expect(await page.getByTestId('move-refused').textContent()).toContain('not move orders');
    await page.keyboard.press('Enter');
    expect(patches).toBe(0);
  });
});
