// Signing in as a bench's operator: through the console's login form, or straight at the API.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../../server/seed/demoAccounts';

/** Signs in through `page`'s login form, as an operator does, and waits for the first order row. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.locator('[role="row"][data-order-id]').first().waitFor({ timeout: 60_000 });
}

/** What the backend answers a sign-in. */
export interface ApiSession {
  token: string;
  user: { id: string; tenant: { id: string } };
}

/** Signs in to the backend at `url` as the demo operator `email`. */
export async function signInToApi(url: string, email: string | undefined, password = DEMO_PASSWORD): Promise<ApiSession> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await login.json()) as ApiSession;
}
