// Lighthouse's figures for the first screens: `/login` signed out and `/orders` signed in, with
// Lighthouse 12's default (mobile) settings: a Moto G Power-sized screen, its simulated throttling
// (slow 4G, CPU 4×, computed by lantern from an unthrottled load), categories performance and
// accessibility, and SEO's `meta-description` audit. Several runs per page; the figures are their
// medians, the diagnostics those of the median run.
//
// Chromium (/usr/bin/chromium, never downloaded) is started by chrome-launcher; each run is a new page
// of the browser's default context (opened through the Puppeteer Lighthouse brings, which notes the
// page's own LCP element and layout shifts, see `WATCH_PAGE`) handed to Lighthouse. Signed in: the
// German operator signs in through the login form (`signIn` of firstScreen/session.ts, in a context
// of its own in the same Chromium) and the session it stored (localStorage `cockpit.state`) is put
// into the default context's storage; Lighthouse then keeps it. It does not with
// `disableStorageReset: true` alone, but that flag also keeps the HTTP cache and the service worker
// (Lighthouse clears neither without its reset) and every run after the first would measure a
// returning operator served by the service worker. So the reset stays on with the types it clears
// named explicitly (Lighthouse 12's own list, which does not include local_storage): caches, service
// workers and file systems go, the session stays. Each signed-in run is checked to have stayed on
// `/orders` (a lost session ends on `/login`).
//
// On its own: main.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch as launchChromium, type LaunchedChrome } from 'chrome-launcher';
import type { Flags, Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../test/browser/support/chromium';
import { withStagedCockpit } from '../firstScreen/stagedCockpit';
import { machineDescription } from '../shared/machine';
import { median } from '../shared/median';
import { audit } from './audit';
import { runOf, summarize } from './readResult';
import type { LighthouseOptions, LighthousePageResult, LighthouseResult, LighthouseRun } from './result';
import { signInDefaultContext } from './signedIn';
import type { PageSeen } from './watchPage';


/** The tests' Chromium switches, headless (chrome-launcher starts a headed browser without it). */
export const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** What Lighthouse 12 clears before and after a run by default (no local_storage, no indexeddb, no cookies). */
const KEEP_SESSION: NonNullable<Flags['clearStorageTypes']> = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'];

/** The runs against the backend at `url` in the Chromium at `port`: `/login` signed out, then `/orders` signed in. */
async function measure(url: string, port: number, runs: number, log: (line: string) => void, saveDir?: string): Promise<LighthousePageResult[]> {
  const save = (audited: { lhr: Result; seen: PageSeen }, name: string) => {
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      writeFileSync(path.join(saveDir, `${name}.json`), JSON.stringify(audited.lhr));
    }
    return audited;
  };
  const describe = (run: LighthouseRun) =>
    `performance ${run.performance}, accessibility ${run.accessibility}, LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, ` +
    `FCP ${run.fcpMs.toFixed(0)} ms, SI ${run.siMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, benchmark index ${run.benchmarkIndex.toFixed(0)}, ` +
    `load ${(os.loadavg()[0] ?? 0).toFixed(1)}; LCP element ${run.lcpElement ? `${run.lcpElement.selector} "${run.lcpElement.label}"` : 'none'}` +
    (run.warnings.length > 0 ? `; warnings: ${run.warnings.join(' | ')}` : '');
  // Signed out first, on an origin that has stored nothing yet; cleared entirely, to be sure.
  const login: LighthouseRun[] = [];
  for (let index = 0; index < runs; index++) {
    const run = runOf(save(await audit(`${url}/login`, port, ['all']), `login-${index + 1}`));
    login.push(run);
    log(`/login ${index + 1}: ${describe(run)}`);
  }
  await signInDefaultContext(port, url);
  const orders: LighthouseRun[] = [];
  for (let index = 0; index < runs; index++) {
    const run = runOf(save(await audit(`${url}/orders`, port, KEEP_SESSION), `orders-${index + 1}`));
    if (new URL(run.finalUrl).pathname !== '/orders') {
      throw new Error(`/orders run ${index + 1} ended on ${run.finalUrl}: the session was lost`);
    }
    orders.push(run);
    log(`/orders ${index + 1}: ${describe(run)}`);
  }
  return [summarize('/login', false, login), summarize('/orders', true, orders)];
}

export async function runLighthouseBench(options: LighthouseOptions = {}): Promise<LighthouseResult> {
  const log = options.log ?? (() => undefined);
  const runs = options.runs ?? 3;
  // The same data as the first-screen bench: a full first page in the week shown.
  return withStagedCockpit(options.distDir, async (cockpit) => {
    let chrome: LaunchedChrome | undefined;
    try {
      chrome = await launchChromium({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
      const loadBefore = os.loadavg()[0] ?? 0;
      const pages = await measure(cockpit.url, chrome.port, runs, log, options.saveDir);
      const first = pages[0]?.medianRun;
      return {
        date: new Date(),
        machine: machineDescription(),
        chromium: first?.chromium ?? '',
        lighthouse: first?.lighthouseVersion ?? '',
        build: options.build ?? cockpit.build,
        loadAverage: [loadBefore, os.loadavg()[0] ?? 0],
        benchmarkIndex: median(pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))),
        pages,
      };
    } finally {
      chrome?.kill();
    }
  });
}
