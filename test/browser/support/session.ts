import type { BrowserContext, Page } from 'playwright-core';

export const GERMAN_USER = { email: 'disponent@autohaus-nord.example', password: 'cockpit-demo' };
export const BRITISH_USER = { email: 'operator@cityfleet.example', password: 'cockpit-demo' };

/** Logs in through the German login form. */
export async function logIn(page: Page, user = GERMAN_USER): Promise<void> {
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** What the console keeps in localStorage. */
export async function storedState(page: Page): Promise<{
  auth?: { token: string | null; language: string };
  orders?: { filter?: { begin?: string; end?: string } };
}> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cockpit.state') ?? '{}'));
}

/** A new page of `context`, logged in through the form, with the first orders on screen. */
export async function openLoggedIn(context: BrowserContext, user = GERMAN_USER): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, user);
  await page.locator('[role="row"][data-order-id]').first().waitFor();
  return page;
}
