import type { Page } from 'playwright-core';

/**
 * Waits until the planning page has read every order of its days (the board, or the phone's day
 * list, no longer busy) and shows at least one: the board reads station by station, so its first
 * bars are on screen before the others are read.
 */
export async function planningRead(page: Page): Promise<void> {
  await page.locator(':is(.cockpit-planning-board, [data-testid="planning-day-list"])[aria-busy="false"] [data-order-id]').first().waitFor();
}
