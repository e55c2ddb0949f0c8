import type { BrowserContext } from 'playwright-core';
import { PATHS, PROBES, type FirstScreenKind } from './probe';

/**
 * The first visit of a returning run, unthrottled: `kind` opened in `context` until its first screen
 * is there and, with `untilServiceWorker`, until the service worker controls the page.
 */
export async function firstVisit(context: BrowserContext, kind: FirstScreenKind, untilServiceWorker: boolean): Promise<void> {
  const page = await context.newPage();
  await page.goto(PATHS[kind]);
  await page.locator(PROBES[kind].selector).first().waitFor({ timeout: 60_000 });
  if (untilServiceWorker) {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 100 });
  }
  await page.close();
}
