import type { Page } from 'playwright-core';
import { planningRead } from './planningRead';

/** The desk's, the counter's tablet (portrait) and the yard's phone widths the board is audited at. */
export const BOARD_SIZES = {
  desk: { width: 1280, height: 900 },
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
} as const;

/** How many states `auditPlanningBoard` audits (each in both schemes). */
export const PLANNING_STATES = 4;

/**
 * The planning board's states audited on the signed-in `page`, reached from the navigation (link
 * `linkName`) and left at the desk's size: the week's grid at the desk, a bar being moved with the
 * keyboard (the move said in the status line), the grid on a tablet and the day's list on a phone.
 */
export async function auditPlanningBoard(page: Page, linkName: string, audit: (state: string) => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize(BOARD_SIZES.desk);
  await page.getByRole('link', { name: linkName }).click();
  await page.waitForURL(/\/planning/);
  const bars = page.locator('.cockpit-planning-bar');
  await planningRead(page);
  await audit('planning board');

  await bars.first().focus();
  await page.keyboard.press('ArrowRight');
  await page.locator('.cockpit-planning-bar--moving').waitFor();
  await audit('planning board, a bar moved with the keyboard');
  await page.keyboard.press('Escape');
  await page.locator('.cockpit-planning-bar--moving').waitFor({ state: 'detached' });

  await page.setViewportSize(BOARD_SIZES.tablet);
  await audit('planning board (tablet)');

  await page.setViewportSize(BOARD_SIZES.phone);
  await planningRead(page);
  await audit('planning day list (phone)');
  await page.setViewportSize(before ?? BOARD_SIZES.desk);
}

/** A viewer's board after trying to move a bar: the message why it does not move (`move-refused`). */
export async function auditViewerRefusal(page: Page, audit: (state: string) => Promise<void>): Promise<void> {
  await page.goto('/planning');
  const bars = page.locator('.cockpit-planning-bar');
  await planningRead(page);
  await bars.first().focus();
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('move-refused').waitFor();
  await audit('planning board, a viewer told why bars do not move');
}
