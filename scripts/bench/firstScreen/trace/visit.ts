// One traced visit: the page opened CPU throttled with a performance trace recording until its first screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { throttleCpu } from '../../shared/chromium';
import { FIRST_SCREEN_DONE, PATHS, PROBES, watchFirstScreen, type FirstScreenKind } from '../probe';
import { ROWS_MARK, type TraceEvent } from './traceEvents';

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  // The script stack of a style recalculation or layout that a script forced (beginData.stackTrace).
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];

export async function traceVisit(browser: Browser, context: BrowserContext, kind: FirstScreenKind): Promise<{ trace: TraceEvent[]; rowsAt: number }> {
  const page: Page = await context.newPage();
  try {
    await throttleCpu(context, page);
    await page.addInitScript(watchFirstScreen, { probe: PROBES[kind], mark: ROWS_MARK });
    await browser.startTracing(page, { categories: CATEGORIES });
    // Told on the console, not polled (waitForFunction loads Playwright's injected script into the page, a long task of its own).
    const done = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(FIRST_SCREEN_DONE), timeout: 60_000 });
    done.catch(() => undefined);
    await page.goto(PATHS[kind], { waitUntil: 'commit' });
    await done;
    const rowsAt = await page.evaluate(() => (window as unknown as { __firstScreen: { rowsAt: number } }).__firstScreen.rowsAt);
    await page.waitForTimeout(200);
    const buffer = await browser.stopTracing();
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return { trace: Array.isArray(parsed) ? parsed : parsed.traceEvents, rowsAt };
  } finally {
    await page.close();
  }
}
