import type { BrowserContext, Page, Route } from 'playwright-core';
import { eventually } from '../support/eventually';
import { logIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';

/** The scripts and stylesheets the page has asked for so far, by file name. */
function assetRequests(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (/\.(js|css)$/.test(file)) {
      files.push(file);
    }
  });
  return files;
}

/** The scripts of the chunk named `chunk` among `files`. */
const named = (files: string[], chunk: string) => files.filter((file) => file.startsWith(`${chunk}.`) && file.endsWith('.js'));

/** Notes in the page when something matching `selector` is first in the document (`window.__shownAt`, page time). */
async function noteWhenShown(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((watched: string) => {
    const state = window as unknown as { __shownAt?: number };
    new MutationObserver((_, observer) => {
      if (state.__shownAt === undefined && document.querySelector(watched)) {
        state.__shownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/** When the page asked for the script of the chunk named `chunk`, and when the watched element showed (page time). */
async function askedAfterShown(page: Page, chunk: string): Promise<{ asked: number | null; shown: number | null }> {
  // The browser records a resource's timing when its answer has arrived, which may be after the request was seen.
  return eventually(
    () =>
      page.evaluate((name: string) => {
        const entry = performance.getEntriesByType('resource').find((resource) => new URL(resource.name).pathname.split('/').pop()?.startsWith(`${name}.`));
        return { asked: entry?.startTime ?? null, shown: (window as unknown as { __shownAt?: number }).__shownAt ?? null };
      }, chunk),
    { until: (timing) => timing.asked !== null, what: `the resource timing of the ${chunk} chunk` },
  );
}

/** The day before `DD.MM.YYYY`, as typed and as stored. */
function dayBeforeOf(text: string): { text: string; iso: string } {
  const [day, month, year] = text.split('.').map(Number) as [number, number, number];
  const before = new Date(Date.UTC(year, month - 1, day - 1));
  const iso = before.toISOString().slice(0, 10);
  return { text: `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`, iso };
}

/** The icons on the page that have no paths to draw. */
const blankIcons = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('.bp6-icon')).filter((icon) => !icon.querySelector('svg path')).map((icon) => icon.outerHTML));

/** What the first screen loads: only what it shows; the calendar and telemetry come when they are wanted. */
describe('the first screen', () => {
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  const run = useCockpitInChromium();

  beforeAll(async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, timezoneId: TIME_ZONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/login');
    await logIn(page);
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    signedIn = await context.storageState();
    await context.close();
  });

  /** A fresh browser (empty cache) with the session, at `/orders`, once its first rows show. */
  async function openOrders(hold?: { chunk: string; until: Promise<void> }) {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, timezoneId: TIME_ZONE, serviceWorkers: 'block', storageState: signedIn });
    await noteWhenShown(context, '[role="row"][data-order-id]');
    const page = await context.newPage();
    if (hold) {
      await page.route(`**/assets/${hold.chunk}.*.js`, async (route: Route) => {
        await hold.until;
        await route.continue();
      });
    }
    const files = assetRequests(page);
    await page.goto('/orders');
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    return { context, page, files };
  }

  it('/login loads neither the orders page, the live stream nor the calendar, and telemetry only after its form shows', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, timezoneId: TIME_ZONE, serviceWorkers: 'block' });
    await noteWhenShown(context, '#login-email');
    const page = await context.newPage();
    const files = assetRequests(page);
    await page.goto('/login');
    await page.getByLabel('E-Mail').waitFor();
    // Telemetry follows once the page has rendered and the browser is idle.
    await eventually(() => named(files, 'telemetry').length === 1, { what: 'the telemetry chunk after the login page' });
    const telemetry = await askedAfterShown(page, 'telemetry');
    expect(telemetry.asked).toBeGreaterThan(telemetry.shown ?? Infinity);
    expect(named(files, 'login')).toHaveLength(1);
    // One stylesheet: Blueprint's rules and the console's own of the entry and the login page (the targets a finger takes among them).
    expect(files.filter((file) => file.endsWith('.css')).map((file) => file.split('.')[0])).toEqual(['framework']);
    // Nor the live stream's code, which a session's first stream brings.
    for (const chunk of ['orders', 'live', 'date-picker', 'blueprint-icons-16px-paths', 'blueprint-icons-20px-paths']) {
      expect({ chunk, files: named(files, chunk) }).toEqual({ chunk, files: [] });
    }
    await context.close();
  });

  it('/orders draws every icon with its paths, loads no icon set and no calendar, and telemetry only after its first rows show', async () => {
    const { context, page, files } = await openOrders();
    expect(await page.locator('.bp6-icon').count()).toBeGreaterThan(3);
    expect(await blankIcons(page)).toEqual([]);
    await eventually(() => named(files, 'telemetry').length === 1, { what: 'the telemetry chunk after the first rows' });
    const telemetry = await askedAfterShown(page, 'telemetry');
    expect(telemetry.asked).toBeGreaterThan(telemetry.shown ?? Infinity);
    expect(named(files, 'orders')).toHaveLength(1);
    for (const chunk of ['date-picker', 'blueprint-icons-16px-paths', 'blueprint-icons-20px-paths']) {
      expect({ chunk, files: named(files, chunk) }).toEqual({ chunk, files: [] });
    }
    await context.close();
  });

  it('a date typed before the calendar has arrived is taken; the calendar opens when it arrives', async () => {
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const { context, page, files } = await openOrders({ chunk: 'date-picker', until });
    const from = page.getByLabel('Von', { exact: true });
    const dayBefore = dayBeforeOf(await from.inputValue());
    await from.click();
    await eventually(() => named(files, 'date-picker').length === 1, { what: 'the calendar to be asked for when the field is opened' });
    await from.press('Control+A');
    await from.pressSequentially(dayBefore.text);
    await from.press('Tab');
    await eventually(async () => (await storedState(page)).orders?.filter?.begin === dayBefore.iso, { what: 'the typed day in the filter' });
    expect(await page.locator('.bp6-datepicker').count()).toBe(0);

    await from.click();
    release();
    await page.locator('.bp6-datepicker').waitFor();
    expect(await page.getByLabel('Von', { exact: true }).inputValue()).toBe(dayBefore.text);
    expect(await blankIcons(page)).toEqual([]);
    await context.close();
  });
});
