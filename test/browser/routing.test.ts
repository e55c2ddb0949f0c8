import type { BrowserContext, Page } from 'playwright-core';
import { GERMAN_USER, logIn, openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The routes of the console in a browser: deep links, the way to the login and back, history, unknown paths. */
describe('the console\'s routes in a browser', () => {
  jest.setTimeout(120_000);

  let context: BrowserContext;

  const run = useCockpitInChromium({ SEED_ORDERS: '200' });

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, locale: 'de-DE', serviceWorkers: 'block' });
  });

  afterEach(async () => {
    await context.close();
  });

  it('sends a deep link without a session to the login with its return path, and there after logging in', async () => {
    const signedIn = await openLoggedIn(context);
    const row = signedIn.locator('[role="row"][data-order-id]').first();
    const id = await row.getAttribute('data-order-id');
    await signedIn.close();
    const other = await run.browser.newContext({ baseURL: run.cockpit.url, locale: 'de-DE', serviceWorkers: 'block' });
    try {
      const page = await other.newPage();
      await page.goto(`/orders/${id}?status=OPEN`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/orders/${id}?status=OPEN`);
      await logIn(page, GERMAN_USER);
      await page.waitForURL((url) => url.pathname === `/orders/${id}`);
      expect(path(page)).toBe(`/orders/${id}?status=OPEN`);
      await page.getByLabel('Notizen').waitFor();
    } finally {
      await other.close();
    }
  });

  it('opens an order and the settings, and goes back and forward through them', async () => {
    const page = await openLoggedIn(context);
    const row = page.locator('[role="row"][data-order-id]').first();
    const id = await row.getAttribute('data-order-id');
    const notes = page.getByLabel('Notizen');
    const settings = page.getByRole('heading', { name: 'Einstellungen', exact: true });
    await row.dblclick();
    await page.waitForURL(`**/orders/${id}`);
    await notes.waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/orders');
    await notes.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.waitForURL('**/settings');
    await settings.waitFor();

    // Back: the orders, the order's drawer, the orders without it; forward again to the settings.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await page.goBack();
    await page.waitForURL(`**/orders/${id}`);
    await notes.waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/orders');
    await notes.waitFor({ state: 'detached' });
    await page.goForward();
    await page.waitForURL(`**/orders/${id}`);
    await notes.waitFor();
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/orders');
    await notes.waitFor({ state: 'detached' });
    await page.goForward();
    await page.waitForURL('**/settings');
    await settings.waitFor();
  });

  it('takes / and an unknown path to the orders, replacing the entry', async () => {
    const page = await openLoggedIn(context);
    for (const start of ['/', '/nirgendwo/123']) {
      await page.goto(start);
      await page.waitForURL((url) => url.pathname === '/orders');
      await page.locator('[role="row"][data-order-id]').first().waitFor();
    }
    // The unknown path was replaced: back leads to the orders the `/` start ended on.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/orders');
  });

  it('sends a signed-in operator on the login page on to the return path', async () => {
    const page = await openLoggedIn(context);
    await page.goto('/login?returnTo=%2Fsettings');
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Einstellungen', exact: true }).waitFor();
  });
});
