// The first-screen part of `npm run bench`: a signed-in operator opens `/orders` in Chromium with the
// CPU slowed down four times and clicks the first order number as soon as it is on screen (again
// every 100 ms until the order opens): the time until the order is open beside the list is the
// console's figure, rows a person can use. Beside it the floor: a plain HTML page served by the same
// backend that asks the same first page of orders and shows it as a <table> without a framework.
// Cold runs (fresh browser context: nothing cached, no service worker) alternate console and floor
// (and the signed-out `/login`); returning runs open the console a second time in a browser whose
// service worker controls it, beside a second visit of the floor.
//
// On its own: main.ts.
import os from 'node:os';
import type { Browser, BrowserContext } from 'playwright-core';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { launchChromium } from '../../../test/browser/support/chromium';
import { CPU_THROTTLING, newBenchContext } from '../shared/chromium';
import { machineDescription } from '../shared/machine';
import { firstVisit } from './firstVisit';
import type { FirstScreenKind } from './probe';
import type { FirstScreenResult, FirstScreenSample } from './result';
import { signIn } from './session';
import { withStagedCockpit } from './stagedCockpit';
import { describe, summarize } from './summarize';
import { visit } from './visit';

export interface FirstScreenOptions {
  /** The console build to measure; copied before anything else. Default dist/. */
  distDir?: string;
  /**
   * The commit the build was made from, `+` for uncommitted changes. Default: the checkout's now,
   * which is the build's only when it was just built.
   */
  build?: string;
  /** Runs of each kind, cold and warm (at least 7 give a median worth the name). */
  runs?: number;
  log?: (line: string) => void;
}

export async function runFirstScreenBench(options: FirstScreenOptions = {}): Promise<FirstScreenResult> {
  const log = options.log ?? (() => undefined);
  const runs = options.runs ?? 7;
  return withStagedCockpit(options.distDir, async (cockpit) => {
    const browser = await launchChromium();
    try {
      return { ...(await measure(browser, cockpit.url, runs, log)), build: options.build ?? cockpit.build };
    } finally {
      await browser.close();
    }
  });
}

type Series = 'console' | 'floor' | 'login' | 'warmConsole' | 'warmFloor';

/** The runs against the backend at `url`: cold and warm, console and floor alternating. */
async function measure(browser: Browser, url: string, runs: number, log: (line: string) => void): Promise<Omit<FirstScreenResult, 'build'>> {
  const tenant = DEMO_TENANTS[0];
  if (!tenant) {
    throw new Error('no demo tenant');
  }
  const loadBefore = os.loadavg()[0] ?? 0;
  const { session, ordersInRange } = await signIn(browser, url, tenant.user);
  const newContext = async (signedIn: boolean, serviceWorkers: 'allow' | 'block') => {
    return newBenchContext(browser, { baseURL: url, serviceWorkers, storageState: signedIn ? session : undefined });
  };
  const samples: Record<Series, FirstScreenSample[]> = { console: [], floor: [], login: [], warmConsole: [], warmFloor: [] };
  const once = async (series: Series, kind: FirstScreenKind, context: BrowserContext) => {
    try {
      const sample = await visit(context, kind);
      samples[series].push(sample);
      log(`${series} ${samples[series].length}: ${describe(sample)}`);
    } finally {
      await context.close();
    }
  };
  /** A context whose first visit of `kind` is done (unthrottled): the console's service worker controls it. */
  const visited = async (kind: 'console' | 'floor') => {
    const context = await newContext(true, 'allow');
    await firstVisit(context, kind, kind === 'console');
    return context;
  };

  // Cold: a fresh browser context per run (empty cache, no service worker), the kinds alternating.
  for (let run = 0; run < runs; run++) {
    await once('console', 'console', await newContext(true, 'block'));
    await once('floor', 'floor', await newContext(true, 'block'));
    await once('login', 'login', await newContext(false, 'block'));
  }
  // Warm: the second visit, a new page in the context of the first.
  for (let run = 0; run < runs; run++) {
    await once('warmConsole', 'console', await visited('console'));
    await once('warmFloor', 'floor', await visited('floor'));
  }

  const asked = [...samples.console, ...samples.floor, ...samples.warmConsole, ...samples.warmFloor].map((sample) => sample.listQuery);
  return {
    date: new Date(),
    machine: machineDescription(),
    chromium: browser.version(),
    cpuThrottling: CPU_THROTTLING,
    loadAverage: [loadBefore, os.loadavg()[0] ?? 0],
    cold: { console: summarize(samples.console), floor: summarize(samples.floor), login: summarize(samples.login) },
    warm: { console: summarize(samples.warmConsole), floor: summarize(samples.warmFloor) },
    sameListQuery: asked.every((query) => query !== null && query === asked[0]),
    listQuery: asked[0] ?? null,
    ordersInRange,
  };
}
