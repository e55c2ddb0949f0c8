import { eventually } from '../../support/eventually';
import type { BrowserContext, Page } from 'playwright-core';

export const GERMAN_USER = { email: 'disponent@autohaus-nord.example', password: 'cockpit-demo' };
export const BRITISH_USER = { email: 'operator@cityfleet.example', password: 'cockpit-demo' };
/** City Fleet's viewer: reads orders, changes nothing (English). */
export const BRITISH_VIEWER = { email: 'viewer@cityfleet.example', password: 'cockpit-demo' };

/** Logs in through the German login form. */
export async function logIn(page: Page, user = GERMAN_USER): Promise<void> {
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** What the console keeps in localStorage. */
export async function storedState(page: Page): Promise<{
  auth?: { token: string | null; language: string; user?: { name: string } };
  orders?: { filter?: { begin?: string; end?: string } };
}> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cockpit.state') ?? '{}'));
}

/**
 * A new page of `context`, logged in through the form, with the first orders on screen and the
 * live stream connected. The stream's first connection starts with a `reset` (what happened before
 * it cannot be replayed), which makes a list that had arrived before it read itself once more (one
 * still on its way counts): this waits until that is settled and every list request answered, so
 * that a test counting list requests afterwards counts only its own.
 */
export async function openLoggedIn(context: BrowserContext, user = GERMAN_USER): Promise<Page> {
  const page = await context.newPage();
  let listRequests = 0;
  let inFlight = 0;
  const isList = (url: string, method: string) => new URL(url).pathname === '/api/orders' && method === 'GET';
  page.on('request', (request) => {
    if (isList(request.url(), request.method())) {
      listRequests++;
      inFlight++;
    }
  });
  const settled = (request: { url(): string; method(): string }) => {
    if (isList(request.url(), request.method())) {
      inFlight--;
    }
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.goto('/login');
  await logIn(page, user);
  await page.locator('[role="row"][data-order-id]').first().waitFor();
  await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
  // The reset is handled in the next frame after the stream went live; its read, if any, leaves then.
  await page.waitForTimeout(300);
  await eventually(() => ({ listRequests, inFlight }), {
    until: (seen) => seen.listRequests >= 1 && seen.inFlight === 0,
    what: 'every list request (also one after the stream reset) to be answered',
  });
  return page;
}

/** Logs in through the form on a new page of `context` and waits for the first orders: rows of the grid, or cards on a phone. */
export async function openOrders(context: BrowserContext, user = GERMAN_USER): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, user);
  await page.locator('[role="row"][data-order-id], .cockpit-order-card[data-order-id]').first().waitFor();
  return page;
}
