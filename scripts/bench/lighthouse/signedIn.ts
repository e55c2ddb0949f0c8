// The signed-in runs' session: the German operator signed in through the form, the session put into
// the storage of the browser's default context, where Lighthouse opens its pages.
import { chromium, type Page } from 'playwright-core';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { signIn } from '../firstScreen/session';

/** Waits until the page's `cockpit.state` has not changed for two seconds (at most 20 s). */
async function settledStorage(page: Page): Promise<void> {
  const read = () => page.evaluate(() => window.localStorage.getItem('cockpit.state'));
  let last = await read();
  let since = Date.now();
  for (const started = Date.now(); Date.now() - started < 20_000 && Date.now() - since < 2000; ) {
    await page.waitForTimeout(250);
    const now = await read();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
}

/**
 * Signs the German operator in through the form (in a context of its own) and puts the session it
 * stored into the storage of the browser's default context, where Lighthouse opens its pages.
 */
export async function signInDefaultContext(port: number, url: string): Promise<void> {
  const tenant = DEMO_TENANTS[0];
  if (!tenant) {
    throw new Error('no demo tenant');
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const { session } = await signIn(browser, url, tenant.user);
    const context = browser.contexts()[0];
    if (!context) {
      throw new Error('the browser has no default context');
    }
    if (session.cookies.length > 0) {
      await context.addCookies(session.cookies);
    }
    const page = await context.newPage();
    try {
      for (const { origin, localStorage } of session.origins) {
        // A page of the origin that starts no console (no service worker, nothing cached by it).
        await page.goto(`${origin}/manifest.webmanifest`);
        await page.evaluate((items) => {
          for (const { name, value } of items) {
            window.localStorage.setItem(name, value);
          }
        }, localStorage);
      }
      const stored = await page.evaluate(() => window.localStorage.getItem('cockpit.state'));
      if (!stored) {
        throw new Error('the sign-in stored no session (localStorage cockpit.state)');
      }
      // One visit before the measured ones, as the operator's earlier visits: the console keeps
      // what it says once per user and browser (the toast that this browser blocks notifications,
      // which became the LCP element of the first run only), so every measured run starts alike.
      // Lighthouse's reset then clears the caches and the service worker this visit left.
      await page.goto(`${url}/orders`);
      await page.locator('[data-order-id]').first().waitFor({ timeout: 60_000 });
      await settledStorage(page);
    } finally {
      await page.close();
    }
  } finally {
    // Connected over CDP: disconnects (and closes the context signIn made), the browser stays.
    await browser.close();
  }
}

