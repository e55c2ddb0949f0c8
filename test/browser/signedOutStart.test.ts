import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { openLoggedIn, storedState } from './support/session';
import { storedPushEndpoint, useStoredPushManager } from './support/storedPushManager';
import { startCockpit } from './support/startCockpit';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const DIST = path.resolve(__dirname, '../../dist');

/** A token as the backend signed it, with its expiry moved into the past (the console never checks signatures). */
function expired(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { exp: number };
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** The paths of the scripts and stylesheets `page` loads until its login form shows. */
async function loadedFiles(page: Page): Promise<{ scripts: string[]; stylesheets: string[] }> {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(pathname);
    if (request.resourceType() === 'stylesheet') stylesheets.push(pathname);
  });
  await page.goto('/login');
  await page.getByLabel('E-Mail').waitFor();
  return { scripts, stylesheets };
}

describe('the console', () => {
  let context: BrowserContext;

  const run = useCockpitInChromium();

  beforeEach(async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, locale: 'de-DE', viewport: { width: 1400, height: 900 } });
  });

  afterEach(async () => {
    await context.close();
  });

  it('started without a session (the token expired while the browser was closed) unsubscribes the push subscription the last session left', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/left-by-the-last-user';
    await useStoredPushManager(context, endpoint);
    await context.grantPermissions(['notifications'], { origin: run.cockpit.url });
    const page = await openLoggedIn(context);
    // Signed in, the console registers its service worker once stable and subscribes.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active != null, null, { timeout: 45_000 });
    await page.waitForFunction(() => localStorage.getItem('test.pushSubscription') !== null, null, { timeout: 15_000 });
    expect(await storedPushEndpoint(page)).toBe(endpoint);

    // The browser closes; the token expires meanwhile. A file of the origin holds no console.
    await page.goto('/manifest.webmanifest');
    const state = await storedState(page);
    const token = state.auth?.token;
    if (!token) throw new Error('no token stored');
    await page.evaluate((written) => localStorage.setItem('cockpit.state', written), JSON.stringify({ ...state, auth: { ...state.auth, token: expired(token) } }));

    const forgotten = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/push/subscriptions' && response.request().method() === 'DELETE',
      { timeout: 15_000 },
    );
    await page.goto('/orders');
    const answer = await forgotten;
    expect(answer.status()).toBe(204);
    expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({ endpoint });
    expect(answer.request().headers().authorization).toBeUndefined();
    await page.waitForURL(/\/login/);
    await page.waitForFunction(() => localStorage.getItem('test.pushSubscription') === null, null, { timeout: 5_000 });
    expect(await storedPushEndpoint(page)).toBeNull();
  });

  it('loads the service worker only as its service worker, never as a page script', async () => {
    const served = await (await fetch(`${run.cockpit.url}/`, { headers: { accept: 'text/html' } })).text();
    const scriptSources = [...served.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/g)].map((match) => match[1]);
    expect(scriptSources).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/main\.[0-9a-f]+\.js$/)]));
    expect(scriptSources).not.toContain('/sw.js');

    const page = await context.newPage();
    const { scripts } = await loadedFiles(page);
    expect(scripts).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/main\.[0-9a-f]+\.js$/)]));
    expect(scripts).not.toContain('/sw.js');
    // The worker itself is still registered, once the console is stable.
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptURL).toBe(`${run.cockpit.url}/sw.js`);
  });

  it('names no source maps in its files and serves none by default; maps are built for error reporting', async () => {
    const page = await context.newPage();
    const { scripts, stylesheets } = await loadedFiles(page);
    const files = [...new Set([...scripts, ...stylesheets, '/sw.js'])];
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const file of files) {
      const answer = await fetch(`${run.cockpit.url}${file}`);
      expect(answer.status).toBe(200);
      expect({ file, names: /sourceMappingURL/.test(await answer.text()) }).toEqual({ file, names: false });
      expect(existsSync(path.join(DIST, `${file}.map`))).toBe(true);
      expect({ file, map: (await fetch(`${run.cockpit.url}${file}.map`)).status }).toEqual({ file, map: 404 });
    }
  });

  it('serves the source maps with SERVE_SOURCE_MAPS=1', async () => {
    // The same data, so that the backend starts without seeding; the usual one runs again afterwards.
    await run.cockpit.stop();
    const withMaps = await startCockpit({ SERVE_SOURCE_MAPS: '1' }, { dataDir: run.cockpit.dataDir });
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      await page.goto(`${withMaps.url}/login`);
      await page.getByLabel('E-Mail').waitFor();
      const main = scripts.find((script) => /^\/assets\/main\.[0-9a-f]+\.js$/.test(script));
      const answer = await fetch(`${withMaps.url}${main}.map`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ version: 3, sources: expect.arrayContaining([expect.stringMatching(/src\/app\/main\.tsx$/)]) });
    } finally {
      await withMaps.close();
      await run.cockpit.start();
    }
  });
});
