// The console bench's section of docs/benchmarks.md.
import { longestTask, verdict } from '../shared/format';
import type { BrowserBenchResult } from './run';

/** The start of the section's heading (for `replaceSection`). */
export const CONSOLE_HEADING = '## Console:';

const ms = (value: number) => value.toFixed(0);
const longest = (value: number) => longestTask(value, (shown) => `${ms(shown)} ms`);

function consoleTable(result: BrowserBenchResult): string {
  const { filterToRows, fetchBaseline } = result;
  return [
    '| Figure | Value | Baseline (same run) | Ratio | Target |',
    '|---|---:|---:|---:|---|',
    `| filter change → rows visible, p50 / p95 (${filterToRows.runs} changes) | ${ms(filterToRows.p50)} / ${ms(filterToRows.p95)} ms | the same list request fetched directly: ${ms(fetchBaseline.p50)} / ${ms(fetchBaseline.p95)} ms | ${(filterToRows.p50 / fetchBaseline.p50).toFixed(1)}× | < 300 ms: ${verdict(filterToRows.p95 < 300)} |`,
    `| JS heap after scrolling ${result.rowsScrolled} rows (after GC) | ${result.heapAfterScrollMB.toFixed(1)} MB | after the first page: ${result.heapAfterFirstPageMB.toFixed(1)} MB | ${(result.heapAfterScrollMB / result.heapAfterFirstPageMB).toFixed(2)}× | < 60 MB: ${verdict(result.heapAfterScrollMB < 60)} |`,
    `| longest main-thread task while scrolling (tasks of 50 ms and more / frames drawn) | ${longest(result.longestTaskWhileScrollingMs)} (${result.longTasksWhileScrolling} / ${result.framesWhileScrolling}) | longest gap between frames: ${ms(result.longestFrameGapWhileScrollingMs)} ms | – | < 50 ms: ${verdict(result.longestTaskWhileScrollingMs < 50)} |`,
  ].join('\n');
}

export function consoleSection(browser: BrowserBenchResult): string {
  return [
    `## Console: Chromium, CPU throttled ${browser.cpuThrottling}×`,
    '',
    'Scrolling moves a quarter of the view (about 200 px) per frame, a fast mouse wheel, and waits',
    'for rows that are still loading; long tasks are those the browser reports (50 ms and more).',
    '',
    consoleTable(browser),
  ].join('\n');
}
