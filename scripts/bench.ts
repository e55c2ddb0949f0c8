// `npm run bench`: the speed and memory figures of the orders workspace with a million orders in one
// tenant, each beside a baseline of the same run. Writes the tables to docs/benchmarks.md.
//   backend: list-page latency (first and deep cursor pages) from a load generator on loopback
//   console: filter change → rows visible, JS heap after scrolling 10 000 rows, longest main-thread
//            task while scrolling, in Chromium with the CPU slowed down four times
//   live:    1 000 changes a second for 10 s into a console showing 10 000 orders: event → row on
//            screen, and the longest main-thread task, in Chromium with the CPU slowed down four times
//   first screen: a signed-in operator opening /orders and clicking the first order (and /login),
//            cold and returning, beside a plain HTML page asking the same first page, CPU slowed down four times (bench-firstScreen.ts)
//   lighthouse: Lighthouse 12's mobile figures (performance, LCP, TBT, accessibility) of /login and
//            of /orders signed in (bench/lighthouseFirstScreen.ts)
//   order writes: 1 000 orders moved to a status in one request beside 1 000 single PATCHes, and the
//            first page of an order's 1 000-entry history beside reading the order (bench-orderWrites.ts)
//   cluster: three backend processes on PostgreSQL (default durability): 16 writers through one and
//            three processes beside a plain SQL client, 2 000 event streams at 100 changes a second
//            beside a minimal node:http server, the rate raised until p99 passes 250 ms, one process
//            killed half way, the order list with a million orders per tenant (bench/cluster/run.ts)
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../server/seed/demoAccounts';
import { REPOSITORY_ROOT } from '../server/startServer';
import { startCockpit } from '../test/browser/support/startCockpit';
import { runBackendBench } from './bench-backend';
import { runBrowserBench, type BrowserBenchResult } from './bench-browser';
import { clusterSection } from './bench/cluster/report';
import { runClusterBench } from './bench/cluster/run';
import { runFirstScreenBench } from './bench-firstScreen';
import { firstScreenSection } from './bench/firstScreenReport';
import { lighthouseSection, runLighthouseBench } from './bench/lighthouseFirstScreen';
import { runLiveBench, type LiveBenchResult } from './bench-live';
import { orderWritesSection, runOrderWritesBench } from './bench-orderWrites';

const ms = (value: number) => value.toFixed(0);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
/** The browser reports only tasks of 50 ms and more: without one, the longest is below that. */
const longest = (value: number) => (value > 0 ? `${ms(value)} ms` : 'under 50 ms');

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

function liveTable(result: LiveBenchResult): string {
  return [
    '| Figure | Value | Target |',
    '|---|---:|---|',
    `| changes sent (asked ${result.eventsPerSecondAsked}/s for 10 s) | ${result.events} (${result.eventsPerSecondReached}/s reached) | – |`,
    `| event leaves the backend → row shows it, p50 / p95 / max (${result.measured} changes) | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.max)} ms | p95 < 250 ms: ${verdict(result.p95 < 250)} |`,
    `| longest main-thread task meanwhile (tasks of 50 ms and more in ${Math.round(result.seconds)} s) | ${longest(result.longestTaskMs)} (${result.longTasks}) | < 50 ms: ${verdict(result.longestTaskMs < 50)} |`,
  ].join('\n');
}

async function main(): Promise<void> {
  const german = DEMO_TENANTS[0];
  if (!german) {
    throw new Error('no demo tenant');
  }
  // First, while dist/ is the build `npm run bench` just made (it is copied before anything else).
  const firstScreen = await runFirstScreenBench({ distDir: path.join(REPOSITORY_ROOT, 'dist') });
  const lighthouse = await runLighthouseBench({ distDir: path.join(REPOSITORY_ROOT, 'dist') });
  const dataDir = path.join(REPOSITORY_ROOT, 'data', 'bench');
  const backend = await runBackendBench({ dataDir });

  const cockpit = await startCockpit({}, { dataDir });
  let browser: BrowserBenchResult;
  try {
    browser = await runBrowserBench(cockpit.url, { email: german.user.email, password: DEMO_PASSWORD });
  } finally {
    await cockpit.close();
  }
  const live = await runLiveBench();
  const orderWrites = await runOrderWritesBench();
  const cluster = await runClusterBench();

  const report = [
    '# Benchmarks',
    '',
    'Made by `npm run bench`; every figure stands beside a baseline measured in the same run, so',
    'that the ratios can be compared between machines. Not a test: nothing fails on a slow machine.',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    '',
    `## Backend: order list with ${backend.orders.toLocaleString('en')} orders in one tenant`,
    '',
    `Embedded database (PGlite). ${backend.seedSeconds === null ? 'Data seeded in an earlier run.' : `Seeded in ${backend.seedSeconds.toFixed(1)} s.`} ` +
      `Server ready in ${backend.startSeconds.toFixed(1)} s. ${backend.clients} concurrent clients on 127.0.0.1; total ${backend.total.toLocaleString('en')} orders in range. Target: list page p95 < 20 ms: ` +
      `${verdict(backend.firstPage.p95 < 20 && backend.deepPage.p95 < 20)}.`,
    '',
    backend.table,
    '',
    `## Console: Chromium, CPU throttled ${browser.cpuThrottling}×`,
    '',
    'Scrolling moves a quarter of the view (about 200 px) per frame, a fast mouse wheel, and waits',
    'for rows that are still loading; long tasks are those the browser reports (50 ms and more).',
    '',
    consoleTable(browser),
    '',
    `## Live changes: ${live.orders.toLocaleString('en')} orders in range, Chromium, CPU throttled ${live.cpuThrottling}×`,
    '',
    'The changes go to the rows on screen (each changes the station column), sent on a fixed schedule;',
    'the changes due at a moment are written in one database transaction, each with its own event. A',
    'change counts as shown when its row first shows it or a later',
    'change of the same row (the console applies a burst in batches, at most ten a second). Measured from the moment the',
    'backend hands the committed event to the open streams to the frame that shows the row.',
    '',
    liveTable(live),
    '',
    firstScreenSection(firstScreen),
    '',
    lighthouseSection(lighthouse),
    '',
    orderWritesSection(orderWrites),
    '',
    clusterSection(cluster),
  ].join('\n');
  writeFileSync(path.join(REPOSITORY_ROOT, 'docs', 'benchmarks.md'), report);
  console.log(`\n${report}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
