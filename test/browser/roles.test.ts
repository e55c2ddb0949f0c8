import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { setRoleOffline } from './support/offlineChange';
import { BRITISH_VIEWER, GERMAN_USER, openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';

/** The first order of the list, opened beside it. */
async function openFirstOrder(page: Page) {
  await page.locator('[role="row"][data-order-id]').first().dblclick();
  await page.waitForURL(/\/orders\/[0-9a-f-]+/);
  return page.locator('.cockpit-order-detail');
}

/** What each role may do, as the console shows it and the backend holds it. */
describe('roles in the console', () => {
  const run = useCockpitInChromium();
  let context: BrowserContext;

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: TIME_ZONE });
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows a viewer every order to read, no control that changes one, and the colours without a save', async () => {
    const page = await openLoggedIn(context, BRITISH_VIEWER);
    const drawer = await openFirstOrder(page);
    const note = drawer.getByTestId('order-read-only');
    await note.waitFor();
    expect(await note.textContent()).toBe('You can read this order. Changing orders needs the role Operator; yours is Viewer.');
    expect(await drawer.locator('input, textarea').count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    expect(await drawer.textContent()).toContain('Station');
    // The price as English writes it.
    expect(await drawer.textContent()).toMatch(/€\d{1,3}(?:,\d{3})*\.\d\d/);

    await page.goto('/settings');
    await page.getByTestId('colors-admin-only').waitFor();
    expect(await page.getByLabel('Header toolbar', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save colours' }).count()).toBe(0);
  });

  it('tells an operator whose role was taken meanwhile that the change is not allowed, keeps them signed in, and then offers the order to read', async () => {
    const page = await openLoggedIn(context, GERMAN_USER);
    const drawer = await openFirstOrder(page);
    await drawer.getByLabel('Notizen').fill('Darf ich das noch?');

    // An admin makes the operator a viewer (the embedded database is the stopped backend's to change).
    await run.cockpit.stop();
    try {
      await setRoleOffline(run.cockpit.dataDir, GERMAN_USER.email, 'viewer');
    } finally {
      await run.cockpit.start();
    }
    try {
      await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 40_000 });
      const refused = page.waitForResponse((response) => response.request().method() === 'PATCH' && /\/api\/orders\//.test(response.url()));
      await drawer.getByRole('button', { name: 'Speichern' }).click();
      expect((await refused).status()).toBe(403);
      await page.getByText('Dazu sind Sie nicht berechtigt.').waitFor();
      await drawer.getByTestId('order-read-only').waitFor();
      expect(await drawer.getByTestId('order-read-only').textContent()).toContain('Ihre ist Betrachter.');
      expect(new URL(page.url()).pathname).toMatch(/^\/orders\//);
      const stored = await eventually(() => page.evaluate(() => JSON.parse(localStorage.getItem('cockpit.state') ?? '{}')), {
        until: (state: { auth?: { token?: string | null; user?: { role?: string } } }) => state.auth?.user?.role === 'viewer',
        what: 'the session to keep the role the backend has now',
      });
      expect(stored.auth?.token).toBeTruthy();
    } finally {
      await run.cockpit.stop();
      await setRoleOffline(run.cockpit.dataDir, GERMAN_USER.email, 'operator');
      await run.cockpit.start();
    }
  }, 120_000);
});
