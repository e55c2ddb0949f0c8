// One cold visit of the planning bench, CPU throttled: the orders list until its first rows are on
// screen (the first-screen bench's measure, `watchFirstScreen` with the console's probe), or the
// board until its first view (probe.ts); then, for the board, until every page is read, to check
// that the rows of the first view did not change afterwards (their bars were all there).
import type { BrowserContext, Page } from 'playwright-core';
import { FIRST_SCREEN_DONE, PROBES, watchFirstScreen, type PageState } from '../firstScreen/probe';
import { throttleCpu } from '../shared/chromium';
import { BOARD_VIEW_DONE, watchBoardFirstView, type BoardViewState, type ViewRow } from './probe';

export type PlanningKind = 'list' | 'board';

export const PLANNING_PATHS: Record<PlanningKind, string> = { list: '/orders', board: '/planning' };

export interface PlanningSample {
  /** From the start of the navigation to the list's first rows or the board's first view, in ms. */
  ms: number;
  longTasks: number;
  longestTaskMs: number;
  /** The board: the rows of its first view, and the whole board's bars once every page was read. */
  rows: ViewRow[];
  allBarsMs: number | null;
  bars: number | null;
  /** The board: its API requests that ended before the first view, `path?query sent→answered` (ms). */
  requests: string[];
}

function said(page: Page, text: string, timeoutMs: number): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (message) => message.text().startsWith(text), timeout: timeoutMs });
}

/** The board's rows as the DOM holds them now: station and bars. */
function rowsNow(page: Page): Promise<ViewRow[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.cockpit-planning-board [role="row"][data-station]')].map((row) => ({
      station: row.dataset.station ?? '',
      bars: row.querySelectorAll('[data-order-id]').length,
    })),
  );
}

export async function planningVisit(context: BrowserContext, kind: PlanningKind): Promise<PlanningSample> {
  const page = await context.newPage();
  try {
    await throttleCpu(context, page);
    const done = said(page, kind === 'list' ? FIRST_SCREEN_DONE : BOARD_VIEW_DONE, 120_000);
    done.catch(() => undefined);
    if (kind === 'list') {
      await page.addInitScript(watchFirstScreen, { probe: PROBES.console });
    } else {
      await page.addInitScript(watchBoardFirstView);
    }
    await page.goto(PLANNING_PATHS[kind], { waitUntil: 'commit' });
    await done;
    if (kind === 'list') {
      const state = await page.evaluate(() => (window as unknown as { __firstScreen: PageState }).__firstScreen);
      if (state.rowsAt < 0) throw new Error(`/orders failed: ${state.error}`);
      const before = state.longTasks.filter(([start]) => start < state.rowsAt);
      return { ms: state.rowsAt, longTasks: before.length, longestTaskMs: Math.max(0, ...before.map(([, duration]) => duration)), rows: [], allBarsMs: null, bars: null, requests: [] };
    }
    const state = await page.evaluate(() => (window as unknown as { __boardView: BoardViewState }).__boardView);
    if (state.viewAt < 0) throw new Error(`/planning failed: ${state.error}`);
    // Every page read: the rows of the first view must hold what they held then.
    await page.waitForFunction(() => document.querySelector('.cockpit-planning-board')?.getAttribute('aria-busy') === 'false', undefined, { timeout: 300_000, polling: 500 });
    const allBarsMs = await page.evaluate(() => performance.now());
    const after = await rowsNow(page);
    for (const row of state.rows) {
      const later = after.find((candidate) => candidate.station === row.station);
      if (later && later.bars !== row.bars) {
        throw new Error(`/planning: row ${row.station} held ${row.bars} bars at its first view and ${later.bars} once every page was read`);
      }
    }
    const before = state.longTasks.filter(([start]) => start < state.viewAt);
    const requests = await page.evaluate((viewAt) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return entries
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/') && entry.responseEnd <= viewAt)
        .map((entry) => `${decodeURIComponent(new URL(entry.name).pathname + new URL(entry.name).search).replace(/&(begin|end)=[^&]*/g, '')} ${entry.startTime.toFixed(0)}→${entry.responseEnd.toFixed(0)}`);
    }, state.viewAt);
    return {
      requests,
      ms: state.viewAt,
      longTasks: before.length,
      longestTaskMs: Math.max(0, ...before.map(([, duration]) => duration)),
      rows: state.rows,
      allBarsMs,
      bars: after.reduce((sum, row) => sum + row.bars, 0),
    };
  } finally {
    await page.close();
  }
}
