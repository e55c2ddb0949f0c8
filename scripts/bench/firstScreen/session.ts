// The signed-in operator of the first-screen benches: signed in once through the form, its session
// the start of every signed-in run.
import type { Browser, BrowserContext } from 'playwright-core';
import { newBenchContext } from '../shared/chromium';
import { signInThroughForm } from '../shared/signIn';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in once through the form, as an operator does: every signed-in run starts with this session. */
export async function signIn(browser: Browser, url: string, user: { email: string }): Promise<{ session: StorageState; ordersInRange: number }> {
  const context = await newBenchContext(browser, { baseURL: url });
  try {
    const page = await context.newPage();
    await signInThroughForm(page, user.email);
    const ordersInRange = Number(await page.locator('[role="grid"]').getAttribute('aria-rowcount')) - 1;
    return { session: await context.storageState(), ordersInRange };
  } finally {
    await context.close();
  }
}
