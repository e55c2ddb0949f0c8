import type { BrowserContext, Page, Route } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, logIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const TIME_ZONE = 'Europe/Berlin';

/** A script the page loaded, by file name, and whether it holds the overlay libraries (told by their own strings). */
interface LoadedScript {
  file: string;
  /** @popperjs/core (its modifier names) or @floating-ui (its data attributes). */
  overlays: boolean;
}

/** Records every script the page loads, with what it holds. */
function loadedScripts(page: Page): LoadedScript[] {
  const scripts: LoadedScript[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') {
      return;
    }
    const file = new URL(response.url()).pathname.split('/').pop() ?? '';
    const text = await response.text().catch(() => '');
    scripts.push({ file, overlays: text.includes('preventOverflow') || text.includes('data-floating-ui') });
  });
  return scripts;
}

const named = (scripts: LoadedScript[], chunk: string) => scripts.filter((script) => script.file.startsWith(`${chunk}.`));

/** The signed-in shell, its overlays and the order drawer load when they are needed, never on the login page. */
describe('overlays and the signed-in shell', () => {
  let context: BrowserContext;

  const run = useCockpitInChromium();

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, timezoneId: TIME_ZONE, serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
  });

  afterEach(async () => {
    await context.close();
  });

  it('/login loads no overlay code (no shell, no overlays or popovers chunk, no script with Popper or Floating UI), signs in, and then the shell\'s menus work', async () => {
    const page = await context.newPage();
    const scripts = loadedScripts(page);
    await page.goto('/login');
    await page.getByLabel('E-Mail').waitFor();
    // Everything the login page loads by itself, telemetry at idle included.
    await eventually(() => named(scripts, 'telemetry').length === 1, { what: 'the telemetry chunk after the login page' });
    expect(named(scripts, 'login')).toHaveLength(1);
    expect(scripts.filter((script) => script.overlays || /^(shell|overlays|popovers)\./.test(script.file))).toEqual([]);

    await logIn(page);
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    expect(named(scripts, 'shell')).toHaveLength(1);
    // The header's tooltip and menu come with the popovers (Popper, Floating UI) and the overlays after the first rows.
    await eventually(() => named(scripts, 'popovers').length === 1 && named(scripts, 'overlays').length === 1, { what: 'the popovers and overlays chunks after the first rows' });
    expect(named(scripts, 'popovers')).toEqual([{ file: expect.any(String), overlays: true }]);
    expect(named(scripts, 'overlays')).toEqual([{ file: expect.any(String), overlays: false }]);
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByTestId('logout').waitFor();
  });

  it('a signed-in start on /orders shows its first rows before it asks for the overlays, and the user menu opened at once still opens', async () => {
    const first = await context.newPage();
    await first.goto('/login');
    await logIn(first);
    await first.locator('[role="row"][data-order-id]').first().waitFor();
    const signedIn = await context.storageState();
    const fresh = await run.browser.newContext({ baseURL: run.cockpit.url, timezoneId: TIME_ZONE, serviceWorkers: 'block', storageState: signedIn });
    await fresh.addInitScript(() => {
      const state = window as unknown as { __rowsAt?: number };
      new MutationObserver((_, observer) => {
        if (state.__rowsAt === undefined && document.querySelector('[role="row"][data-order-id]')) {
          state.__rowsAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await fresh.route(/\/assets\/(overlays|popovers)\.[0-9a-f]+\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    const page = await fresh.newPage();
    const scripts = loadedScripts(page);
    await page.goto('/orders');
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    // The menu clicked while the overlays are still on their way opens when they arrive.
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    release();
    await page.getByTestId('logout').waitFor();
    const timing = await eventually(
      () =>
        page.evaluate(() => ({
          asked: performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname.split('/').pop()?.startsWith('popovers.'))?.startTime ?? null,
          rows: (window as unknown as { __rowsAt?: number }).__rowsAt ?? null,
        })),
      { until: (seen) => seen.asked !== null && seen.rows !== null, what: 'the resource timing of the popovers chunk' },
    );
    expect(timing.asked).toBeGreaterThan(timing.rows ?? Infinity);
    expect(scripts.filter((script) => script.overlays).map((script) => script.file.split('.')[0])).toEqual(['popovers']);
    await fresh.close();
  });

  it('a session the backend refuses at start ends on the login page with its toast, also when the toaster\'s chunk failed to arrive once', async () => {
    // A token the console takes (a JWT, not expired) whose signature the backend refuses: a real one with its expiry moved.
    const login = await fetch(`${run.cockpit.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: GERMAN_USER.email, password: GERMAN_USER.password }),
    });
    const [header, payload, signature] = ((await login.json()) as { token: string }).token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { exp: number };
    claims.exp += 60;
    const token = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await context.addInitScript((stored: string) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('cockpit.state', stored);
      }
    }, JSON.stringify({ auth: { token, language: 'de', colors: {} } }));
    let overlayRequests = 0;
    await context.route('**/assets/overlays.*.js', async (route: Route) => {
      overlayRequests += 1;
      await (overlayRequests === 1 ? route.abort('connectionreset') : route.continue());
    });
    const page = await context.newPage();
    await page.goto('/orders');
    await page.waitForURL(/\/login(\?|$)/);
    await page.getByLabel('E-Mail').waitFor();
    await page.getByText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.').waitFor();
    expect(overlayRequests).toBeGreaterThanOrEqual(2);
  });

  it('opening an order before the drawer\'s chunk has arrived says that it loads, then shows the drawer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/order-detail.*.js', async (route: Route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    const scripts = loadedScripts(page);
    await page.goto('/login');
    await logIn(page);
    const row = page.locator('[role="row"][data-order-id]').first();
    await row.waitFor();
    const orderId = await row.getAttribute('data-order-id');
    await row.dblclick();
    await page.waitForURL(new RegExp(`/orders/${orderId}`));
    await page.getByTestId('order-detail-pending').getByText('Auftrag wird geladen …').waitFor();

    release();
    await page.locator('.cockpit-order-detail').getByLabel('Notizen').waitFor();
    expect(await page.getByTestId('order-detail-pending').count()).toBe(0);
    await eventually(() => named(scripts, 'order-detail').length === 1, { what: 'the drawer\'s chunk to be recorded' });
  });

  it('loads the drawer\'s chunk when the browser is idle after the first rows, so the first order opens at once', async () => {
    const page = await context.newPage();
    const scripts = loadedScripts(page);
    await page.goto('/login');
    await logIn(page);
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await eventually(() => named(scripts, 'order-detail').length === 1, { what: 'the drawer\'s chunk after the first rows' });
    await page.locator('[role="row"][data-order-id]').first().dblclick();
    await page.locator('.cockpit-order-detail').getByLabel('Notizen').waitFor();
    expect(named(scripts, 'order-detail')).toHaveLength(1);
  });

  it('opens an order\'s drawer without the popovers\' code (Popper, Floating UI)', async () => {
    await context.route(/\/assets\/popovers\.[0-9a-f]+\.js$/, (route: Route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    const scripts = loadedScripts(page);
    await page.goto('/login');
    await logIn(page);
    const row = page.locator('[role="row"][data-order-id]').first();
    await row.click();
    await page.locator('.cockpit-order-detail').getByLabel('Notizen').waitFor();
    expect(named(scripts, 'popovers')).toEqual([]);
    expect(scripts.filter((script) => script.overlays)).toEqual([]);
    expect(named(scripts, 'overlays')).toHaveLength(1);
  });
});
