// The console's side of `npm run bench`: in Debian's Chromium with the CPU slowed down four times,
// how long a filter change takes until rows are visible, the JS heap after scrolling through
// 10 000 rows, and the longest main-thread task while scrolling. Each figure is also given as a
// ratio to a baseline measured in the same run.
import type { CDPSession, Page } from 'playwright-core';
import { CPU_THROTTLING, launchBenchChromium, newBenchContext, throttleCpu } from '../shared/chromium';
import { percentile } from '../shared/percentile';
import { signInThroughForm } from '../shared/signIn';

export interface BrowserBenchResult {
  filterToRows: { p50: number; p95: number; max: number; runs: number };
  fetchBaseline: { p50: number; p95: number };
  heapAfterFirstPageMB: number;
  heapAfterScrollMB: number;
  rowsScrolled: number;
  longestTaskWhileScrollingMs: number;
  /** Tasks of 50 ms and more while scrolling, and the frames drawn meanwhile. */
  longTasksWhileScrolling: number;
  framesWhileScrolling: number;
  longestFrameGapWhileScrollingMs: number;
  cpuThrottling: number;
}

async function heapMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

/** Clicks a preset and resolves, in the page, once the grid shows rows of the new query. */
async function timePreset(page: Page, preset: string): Promise<number> {
  return page.evaluate(async (label) => {
    const grid = () => document.querySelector('[role="grid"]');
    const ids = () => Array.from(grid()?.querySelectorAll('[data-order-id]') ?? []).map((row) => row.getAttribute('data-order-id')).join();
    const total = () => document.querySelector('[data-testid="orders-total"]')?.textContent ?? '';
    const beforeIds = ids();
    const beforeTotal = total();
    const button = Array.from(document.querySelectorAll('button')).find((candidate) => candidate.textContent === label);
    if (!button) {
      throw new Error(`no preset ${label}`);
    }
    const started = performance.now();
    button.click();
    await new Promise<void>((resolve) => {
      const check = () => {
        const now = ids();
        if (now && (now !== beforeIds || total() !== beforeTotal) && !grid()?.querySelector('.cockpit-order-row-loading')) {
          observer.disconnect();
          resolve();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // The rows are in the DOM; wait for them to be painted.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, preset);
}

/** The same list request the filter sends, fetched directly from the page: the network and server share. */
async function timeFetch(page: Page, token: string): Promise<number> {
  return page.evaluate(async (bearer) => {
    const url = performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/api/orders?')).pop();
    // The list requires the filter's range: without a request of the filter there is nothing to repeat.
    if (url === undefined) throw new Error('the filter sent no list request');
    const started = performance.now();
    const response = await fetch(url, { headers: { Authorization: `Bearer ${bearer}`, 'x-ui-locale': 'de' } });
    await response.json();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  }, token);
}

export async function runBrowserBench(baseUrl: string, credentials: { email: string; password: string }): Promise<BrowserBenchResult> {
  const browser = await launchBenchChromium(['--enable-precise-memory-info']);
  try {
    const context = await newBenchContext(browser, { baseURL: baseUrl });
    const page = await context.newPage();
    await signInThroughForm(page, credentials.email, credentials.password);
    const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('cockpit.state') ?? '{}').auth?.token ?? '');
    const cdp = await throttleCpu(context, page);

    // Filter change → rows visible, alternating presets so that every click changes the query.
    const presets = ['Heute', 'Nächste 7 Tage', 'Dieser Monat', 'Diese Woche'];
    const filterTimes: number[] = [];
    const fetchTimes: number[] = [];
    for (let run = 0; run < 12; run++) {
      filterTimes.push(await timePreset(page, presets[run % presets.length] ?? 'Heute'));
      fetchTimes.push(await timeFetch(page, token));
    }

    // Heap and long tasks while scrolling through 10 000 rows of this month.
    await timePreset(page, 'Dieser Monat');
    const heapAfterFirstPageMB = await heapMB(cdp);
    await page.evaluate(() => {
      const state = window as unknown as { __longest: number; __gap: number; __long: number; __frames: number };
      state.__longest = 0;
      state.__gap = 0;
      state.__long = 0;
      state.__frames = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          state.__longest = Math.max(state.__longest, entry.duration);
          state.__long++;
        }
      }).observe({ type: 'longtask', buffered: false });
      let last = performance.now();
      const frame = (now: number) => {
        state.__gap = Math.max(state.__gap, now - last);
        state.__frames++;
        last = now;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const grid = page.locator('[role="grid"]');
    const rowsScrolled = await grid.evaluate(async (element) => {
      const rowHeight = 36;
      const target = 10_000 * rowHeight;
      while (element.scrollTop + element.clientHeight < target) {
        const before = element.scrollTop;
        // A quarter of the view per frame (about 200 px): a fast mouse wheel.
        element.scrollTop = before + Math.round(element.clientHeight / 4);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        // Wait until the rows in view are there (their page may be loading).
        for (let tries = 0; tries < 400 && element.querySelector('.cockpit-order-row-loading'); tries++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        if (element.scrollTop === before) {
          break;
        }
      }
      return Math.round((element.scrollTop + element.clientHeight) / rowHeight);
    });
    await page.waitForTimeout(500);
    const { longest, gap, long, frames } = await page.evaluate(() => {
      const state = window as unknown as { __longest: number; __gap: number; __long: number; __frames: number };
      return { longest: state.__longest, gap: state.__gap, long: state.__long, frames: state.__frames };
    });
    const heapAfterScrollMB = await heapMB(cdp);
    return {
      filterToRows: { p50: percentile(filterTimes, 50), p95: percentile(filterTimes, 95), max: Math.max(...filterTimes), runs: filterTimes.length },
      fetchBaseline: { p50: percentile(fetchTimes, 50), p95: percentile(fetchTimes, 95) },
      heapAfterFirstPageMB,
      heapAfterScrollMB,
      rowsScrolled,
      longestTaskWhileScrollingMs: longest,
      longTasksWhileScrolling: long,
      framesWhileScrolling: frames,
      longestFrameGapWhileScrollingMs: gap,
      cpuThrottling: CPU_THROTTLING,
    };
  } finally {
    await browser.close();
  }
}
