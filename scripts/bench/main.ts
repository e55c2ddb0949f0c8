// `npm run bench`: the speed and memory figures of the orders workspace with a million orders in one
// tenant, each beside a baseline of the same run. Puts its sections into docs/benchmarks.md, each in
// place of the one there; every other section (written by hand or by another run) stays as it is.
//   backend: list-page latency (first and deep cursor pages) from a load generator on loopback
//   console: filter change → rows visible, JS heap after scrolling 10 000 rows, longest main-thread
//            task while scrolling, in Chromium with the CPU slowed down four times
//   live:    1 000 changes a second for 10 s into a console showing 10 000 orders: event → row on
//            screen, and the longest main-thread task, in Chromium with the CPU slowed down four times
//   first screen: a signed-in operator opening /orders and clicking the first order (and /login),
//            cold and returning, beside a plain HTML page asking the same first page, CPU slowed down four times (firstScreen/)
//   lighthouse: Lighthouse 12's mobile figures (performance, LCP, TBT, accessibility) of /login and
//            of /orders signed in (lighthouse/)
//   order writes: 1 000 orders moved to a status in one request beside 1 000 single PATCHes, and the
//            first page of an order's 1 000-entry history beside reading the order (orderWrites/)
//   cluster: three backend processes on PostgreSQL (default durability): 16 writers through one and
//            three processes beside a plain SQL client, 2 000 event streams at 100 changes a second
//            beside a minimal node:http server, the rate raised until p99 passes 250 ms, one process
//            killed half way, the order list with a million orders per tenant (cluster/)
//   planning: a week with 5 000 orders of one company on the planning board: its first view beside the
//            list's first rows, and the frames of a bar dragged, CPU slowed down four times (planning/)
//
// `tsx scripts/bench/main.ts <bench>…` runs only the benches named (of: BENCHES below) and writes only
// their sections, e.g. `npx tsx scripts/bench/main.ts planning` (it measures the build in dist/).
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../../server/seed/demoAccounts';
import { REPOSITORY_ROOT } from '../../server/startServer';
import { startCockpit } from '../../test/browser/support/startCockpit';
import { BACKEND_HEADING, backendSection } from './backend/report';
import { runBackendBench } from './backend/run';
import { CONSOLE_HEADING, consoleSection } from './browser/report';
import { runBrowserBench, type BrowserBenchResult } from './browser/run';
import { CLUSTER_HEADING, clusterSection } from './cluster/report';
import { runClusterBench } from './cluster/run';
import { FIRST_SCREEN_HEADING, firstScreenSection } from './firstScreen/report';
import { runFirstScreenBench } from './firstScreen/run';
import { LIGHTHOUSE_HEADING, lighthouseSection } from './lighthouse/report';
import { runLighthouseBench } from './lighthouse/run';
import { LIVE_HEADING, liveSection } from './live/report';
import { runLiveBench } from './live/run';
import { MEASUREMENTS_HEADING, ORDER_WRITES_HEADING, orderWritesSection } from './orderWrites/report';
import { runOrderWritesBench } from './orderWrites/run';
import { PLANNING_HEADING, planningSection } from './planning/report';
import { runPlanningBench } from './planning/run';
import { type BenchSection, writeSections } from './shared/benchmarksFile';
import { runCli } from './shared/cli';
import { machineDescription } from './shared/machine';

/** The start of docs/benchmarks.md, up to its first section: what the file is, and the machine of the last run. */
const TITLE_HEADING = '# Benchmarks';

function titleSection(): string {
  return [
    TITLE_HEADING,
    '',
    'Made by `npm run bench`; every figure stands beside a baseline measured in the same run, so',
    'that the ratios can be compared between machines. Not a test: nothing fails on a slow machine.',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}: ${machineDescription()}.`,
  ].join('\n');
}

/** The benches that run on their own when named on the command line. */
const BENCHES: Record<string, () => Promise<BenchSection[]>> = {
  planning: async () => [{ heading: PLANNING_HEADING, text: planningSection(await runPlanningBench({ log: (line) => console.log(line) })), before: MEASUREMENTS_HEADING }],
};

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  if (named.length > 0) {
    const unknown = named.filter((name) => !(name in BENCHES));
    if (unknown.length > 0) throw new Error(`no bench ${unknown.join(', ')}: one of ${Object.keys(BENCHES).join(', ')}`);
    const sections: BenchSection[] = [];
    for (const name of named) sections.push(...((await BENCHES[name]?.()) ?? []));
    writeSections(sections);
    console.log(`\n${sections.map((section) => section.text.trimEnd()).join('\n\n')}`);
    return;
  }
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
  const planning = await runPlanningBench();

  const sections: BenchSection[] = [
    { heading: TITLE_HEADING, text: titleSection() },
    { heading: BACKEND_HEADING, text: backendSection(backend) },
    { heading: CONSOLE_HEADING, text: consoleSection(browser) },
    { heading: LIVE_HEADING, text: liveSection(live) },
    { heading: FIRST_SCREEN_HEADING, text: firstScreenSection(firstScreen) },
    { heading: LIGHTHOUSE_HEADING, text: lighthouseSection(lighthouse) },
    { heading: ORDER_WRITES_HEADING, text: orderWritesSection(orderWrites), before: MEASUREMENTS_HEADING },
    { heading: CLUSTER_HEADING, text: clusterSection(cluster) },
    { heading: PLANNING_HEADING, text: planningSection(planning), before: MEASUREMENTS_HEADING },
  ];
  writeSections(sections);
  console.log(`\n${sections.map((section) => section.text.trimEnd()).join('\n\n')}`);
}

runCli(main);
