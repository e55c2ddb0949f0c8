import type { Page } from 'playwright-core';

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
