import type { BrowserContext, Page, Request } from 'playwright-core';
import { logIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const rows = (page: Page) => page.locator('[role="row"][data-order-id]');
const path = (request: Request) => new URL(request.url()).pathname;
const isFirstPage = (request: Request) => request.method() === 'GET' && path(request) === '/api/orders' && !new URL(request.url()).searchParams.has('cursor');

/** The requests `page` sends, in order. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** Opens `/orders…` in a new page of `context` and returns what it asked for until a while after the rows. */
async function start(context: BrowserContext, url: string): Promise<{ page: Page; requests: Request[] }> {
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto(url);
  await rows(page).first().waitFor();
  await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
  // The stream's first reset, and anything else a start might still ask.
  await page.waitForTimeout(1000);
  return { page, requests };
}

/**
 * The list asks for the first page of orders of a signed-in start once the session is restored,
 * before the first render, and the page, the live stream's first reset and the first render find
 * it on its way: one first-page request per start, cold or with the service worker in control.
 */
describe('the first page of orders of a signed-in start', () => {
  const run = useCockpitInChromium();

  /** A context signed in through the form, its login page closed. */
  async function signedIn(serviceWorkers: 'allow' | 'block'): Promise<BrowserContext> {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, serviceWorkers });
    const login = await context.newPage();
    await login.goto('/login');
    await logIn(login);
    await rows(login).first().waitFor();
    if (serviceWorkers === 'allow') {
      await login.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 100 });
    }
    await login.close();
    return context;
  }

  function expectOneFirstPage(requests: Request[], status: string[]): void {
    const firstPages = requests.filter(isFirstPage);
    expect(firstPages).toHaveLength(1);
    expect(new URL(firstPages[0]!.url()).searchParams.getAll('status')).toEqual(status);
  }

  it('asks once on a cold start', async () => {
    const context = await signedIn('block');
    try {
      const { page, requests } = await start(context, '/orders?status=new&status=confirmed');
      expectOneFirstPage(requests, ['new', 'confirmed']);
      await page.close();
    } finally {
      await context.close();
    }
  });

  it('asks once on a warm start, the service worker in control', async () => {
    const context = await signedIn('allow');
    try {
      const { page, requests } = await start(context, '/orders');
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expectOneFirstPage(requests, []);
      await page.close();
    } finally {
      await context.close();
    }
  });

  it('ends a session the backend refused on that request, as any 401 does', async () => {
    const context = await signedIn('block');
    try {
      const stored = (await context.storageState()).origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'cockpit.state');
      const token = (JSON.parse(stored?.value ?? '{}') as { auth?: { token?: string } }).auth?.token;
      expect(token).toBeTruthy();
      const revoked = await fetch(`${run.cockpit.url}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      expect(revoked.status).toBe(204);

      const page = await context.newPage();
      await page.goto('/orders?q=Kiel');
      await page.waitForURL(/\/login\?returnTo=%2Forders%3Fq%3DKiel$/);
      await page.getByText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.').waitFor();
      expect((await storedState(page)).auth?.token).toBeNull();
      await page.close();
    } finally {
      await context.close();
    }
  });
});
