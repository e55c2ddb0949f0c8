// The first-screen part of `npm run bench`: a signed-in operator opens `/orders` in Chromium with the
// CPU slowed down four times and clicks the first order number as soon as it is on screen (again
// every 100 ms until the order opens): the time until the order is open beside the list is the
// console's figure, rows a person can use. Beside it the floor: a plain HTML page served by the same
// backend that asks the same first page of orders and shows it as a <table> without a framework.
// Cold runs (fresh browser context: nothing cached, no service worker) alternate console and floor
// (and the signed-out `/login`); returning runs open the console a second time in a browser whose
// service worker controls it, beside a second visit of the floor.
//
// On its own: `npx tsx scripts/bench-firstScreen.ts [--dist <folder>] [--build <commit>] [--runs <n>] [--write]`
// measures the build in dist/ (copied first, under the dist lock) or in <folder> (made from <commit>),
// prints the section, and with `--write` puts it into docs/benchmarks.md in place of the one there.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../server/seed/demoAccounts';
import { launchChromium } from '../test/browser/support/chromium';
import { FIRST_SCREEN_DONE, lostClicks, ORDER_OPEN, ORDER_OPENING, PATHS, PROBES, watchFirstScreen, watchOrderOpening, type FirstScreenKind, type OpeningState, type PageState } from './bench/firstScreenProbe';
import type { FirstScreenResult, FirstScreenSample, FirstScreenSummary } from './bench/firstScreenResult';
import { FIRST_SCREEN_HEADING, firstScreenSection } from './bench/firstScreenReport';
import { replaceSection } from './bench/replaceSection';
import { median } from './bench/median';
import { startBackend } from './bench/startBackend';

const ROOT = path.resolve(__dirname, '..');
const FLOOR_FILES = ['floor.html', 'floor.js'];
const DIST_LOCK = '/tmp/cockpit-dist.lock';
const CPU_THROTTLING = 4;
/** Orders of the signed-in tenant: about 290 in this week, so that the first page is a full 100. */
export const SEED_ORDERS = 5000;
/** How long a page stays open after its end (the order open, the rows), to count the list requests of its start. */
const SETTLE_MS = 3000;
/** Clicks on the order number are sent this often until the order opens. */
const CLICK_EVERY_MS = 100;
/** The longest the bench clicks before it calls a run failed. */
const OPEN_WITHIN_MS = 30_000;

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

interface RequestSeen {
  url: string;
  method: string;
  wallMs: number;
  type: string;
  bytes: number;
  encoding: string;
}

/** The first message on the page's console that starts with `prefix`; rejects when `timeoutMs` passes first or the page closes. */
function said(page: Page, prefix: string, timeoutMs: number): Promise<string> {
  return page.waitForEvent('console', { predicate: (message) => message.text().startsWith(prefix), timeout: timeoutMs }).then((message) => message.text());
}

/**
 * Clicks at (`x`, `y`) with the mouse as Chromium delivers an operator's (CDP `Input.dispatchMouseEvent`):
 * now, and every `CLICK_EVERY_MS` until `opened` settles, a click only once the one before has been
 * delivered (a busy page takes none meanwhile). Returns the clicks sent.
 */
async function clickUntil(cdp: CDPSession, x: number, y: number, opened: Promise<unknown>): Promise<number> {
  let sent = 0;
  let over = false;
  const mouse = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased') =>
    cdp.send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: type === 'mouseMoved' ? 0 : 1 });
  const done = opened.then(
    () => (over = true),
    () => (over = true),
  );
  await mouse('mouseMoved');
  while (!over) {
    sent++;
    const click = mouse('mousePressed').then(() => mouse('mouseReleased'));
    await Promise.all([click, Promise.race([done, new Promise((resolve) => setTimeout(resolve, CLICK_EVERY_MS))])]);
  }
  return sent;
}

/**
 * Opens `kind` in a new page of `context`, CPU throttled, and measures its first screen; for the
 * console, clicks the first order number as soon as it is on screen, until the order opens.
 */
async function visit(context: BrowserContext, kind: FirstScreenKind): Promise<FirstScreenSample> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await cdp.send('Network.enable');
    const requests = new Map<string, RequestSeen>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!requests.has(event.requestId)) {
        requests.set(event.requestId, { url: event.request.url, method: event.request.method, wallMs: event.wallTime * 1000, type: event.type ?? 'Other', bytes: 0, encoding: 'identity' });
      }
    });
    cdp.on('Network.responseReceived', (event) => {
      const seen = requests.get(event.requestId);
      if (seen) {
        seen.type = event.type;
        const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
        seen.encoding = event.response.fromServiceWorker ? 'service worker' : event.response.fromDiskCache ? 'cache' : (encoding ?? 'identity');
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      const seen = requests.get(event.requestId);
      if (seen) {
        seen.bytes = event.encodedDataLength;
      }
    });
    await page.addInitScript(watchFirstScreen, { probe: PROBES[kind] });
    const isConsole = kind === 'console';
    if (isConsole) {
      await page.addInitScript(watchOrderOpening, ORDER_OPENING);
    }
    const visible = said(page, FIRST_SCREEN_DONE, 60_000);
    const opened = isConsole ? said(page, ORDER_OPEN, 60_000 + OPEN_WITHIN_MS) : null;
    visible.catch(() => undefined);
    opened?.catch(() => undefined);
    await page.goto(PATHS[kind], { waitUntil: 'commit' });
    const [, x, y] = (await visible).split(' ').map(Number);
    let clicks = 0;
    if (opened) {
      if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
        throw new Error(`${PATHS[kind]}: no order number to click`);
      }
      clicks = await clickUntil(cdp, x, y, opened);
      await opened;
    }
    await page.waitForTimeout(SETTLE_MS);
    const { state, opening, timeOrigin, documentMs, list } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      // The first first-page request sent (entries stand in the order they ended).
      const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname === '/api/orders' && !new URL(entry.name).searchParams.has('cursor'))
        .sort((a, b) => a.startTime - b.startTime)[0];
      const page = window as unknown as { __firstScreen: PageState; __opening?: OpeningState };
      return {
        state: page.__firstScreen,
        opening: page.__opening ?? null,
        timeOrigin: performance.timeOrigin,
        documentMs: navigation?.responseEnd ?? 0,
        list: list ? { sent: list.startTime, answered: list.responseEnd } : null,
      };
    });
    if (state.rowsAt < 0) {
      throw new Error(`${PATHS[kind]} failed: ${state.error}`);
    }
    if (opening && opening.openAt === null) {
      throw new Error(`${PATHS[kind]}: the order did not open`);
    }
    // The end of the visit: the order open (the console), the rows or the form on screen (the others).
    const end = opening?.openAt ?? state.rowsAt;
    const endWall = timeOrigin + end;
    const all = [...requests.values()];
    const before = all.filter((request) => request.wallMs <= endWall);
    const isList = (request: RequestSeen) => request.method === 'GET' && new URL(request.url).pathname === '/api/orders';
    const isFirstPage = (request: RequestSeen) => isList(request) && !new URL(request.url).searchParams.has('cursor');
    const isFurtherPage = (request: RequestSeen) => isList(request) && new URL(request.url).searchParams.has('cursor');
    const scriptsAndStyles = before.filter((request) => request.type === 'Script' || request.type === 'Stylesheet');
    const queryOf = (request: RequestSeen) => [...new URL(request.url).searchParams].map(([name, value]) => `${name}=${value}`).sort().join('&');
    const lists = all.filter(isList);
    const firstList = lists[0];
    const longTasks = state.longTasks.filter(([start]) => start < end);
    return {
      rowsMs: state.rowsAt,
      openMs: opening?.openAt ?? null,
      clicks,
      lostClicks: opening ? lostClicks(opening) : 0,
      fcpMs: state.fcp,
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks.map(([, duration]) => duration)),
      scriptCssBytes: scriptsAndStyles.reduce((sum, request) => sum + request.bytes, 0),
      requests: before.length,
      listRequests: before.filter(isFirstPage).length,
      listRequestsSettled: all.filter(isFirstPage).length,
      pageRequests: before.filter(isFurtherPage).length,
      pageRequestsSettled: all.filter(isFurtherPage).length,
      listQuery: firstList ? queryOf(firstList) : null,
      listQueries: [...new Set(lists.map(queryOf))],
      encodings: [...new Set(scriptsAndStyles.map((request) => request.encoding))].sort(),
      documentMs,
      listSentMs: list?.sent ?? null,
      listAnsweredMs: list?.answered ?? null,
    };
  } finally {
    await page.close();
  }
}

/** The median of the values there are, or null without any. */
function optionalMedian(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length > 0 ? median(present) : null;
}

function summarize(samples: FirstScreenSample[]): FirstScreenSummary {
  const medianOf = (value: (sample: FirstScreenSample) => number) => median(samples.map(value));
  return {
    runs: samples.length,
    rowsMs: medianOf((sample) => sample.rowsMs),
    openMs: optionalMedian(samples.map((sample) => sample.openMs)),
    clicks: medianOf((sample) => sample.clicks),
    lostClicks: samples.reduce((sum, sample) => sum + sample.lostClicks, 0),
    fcpMs: optionalMedian(samples.map((sample) => sample.fcpMs)),
    longTasks: medianOf((sample) => sample.longTasks),
    longestTaskMs: medianOf((sample) => sample.longestTaskMs),
    worstLongestTaskMs: Math.max(...samples.map((sample) => sample.longestTaskMs)),
    scriptCssBytes: medianOf((sample) => sample.scriptCssBytes),
    requests: medianOf((sample) => sample.requests),
    listRequests: medianOf((sample) => sample.listRequests),
    mostListRequestsSettled: Math.max(...samples.map((sample) => sample.listRequestsSettled)),
    listRequestsSettled: medianOf((sample) => sample.listRequestsSettled),
    pageRequests: medianOf((sample) => sample.pageRequests),
    pageRequestsSettled: medianOf((sample) => sample.pageRequestsSettled),
    encodings: [...new Set(samples.flatMap((sample) => sample.encodings))].sort(),
    documentMs: medianOf((sample) => sample.documentMs),
    listSentMs: optionalMedian(samples.map((sample) => sample.listSentMs)),
    listAnsweredMs: optionalMedian(samples.map((sample) => sample.listAnsweredMs)),
  };
}

/** Copies the build, under the dist lock where there is one, and adds the floor page. */
export function stageBuild(distDir: string): { dir: string; build: string } {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`no console build in ${distDir}: run \`npm run build\``);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-first-screen-'));
  const staged = path.join(dir, 'dist');
  // The shared dist/ may be rebuilt meanwhile: it is copied under the lock its builders hold.
  const shared = path.resolve(distDir) === path.join(ROOT, 'dist') && existsSync(DIST_LOCK);
  const locked = shared && spawnSync('flock', [DIST_LOCK, 'cp', '-a', distDir, staged], { stdio: 'inherit' }).status === 0;
  if (!locked) {
    cpSync(distDir, staged, { recursive: true });
  }
  for (const file of FLOOR_FILES) {
    copyFileSync(path.join(__dirname, 'bench', 'floor', file), path.join(staged, file));
  }
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const build = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'shared', 'src', 'webpack.config.ts', 'scripts/webpack') ? '+' : ''}`;
  return { dir, build };
}

export async function runFirstScreenBench(options: FirstScreenOptions = {}): Promise<FirstScreenResult> {
  const log = options.log ?? (() => undefined);
  const runs = options.runs ?? 7;
  const prefix = DEMO_TENANTS[0]?.orderPrefix ?? 'AN';
  const { dir, build } = stageBuild(options.distDir ?? path.join(ROOT, 'dist'));
  try {
    const cockpit = await startBackend({
      STATIC_DIR: path.join(dir, 'dist'),
      SEED_ORDERS: '10',
      SEED_TENANT_ORDERS: `${prefix}=${SEED_ORDERS}`,
    });
    try {
      const browser = await launchChromium();
      try {
        return { ...(await measure(browser, cockpit.url, runs, log)), build: options.build ?? build };
      } finally {
        await browser.close();
      }
    } finally {
      await cockpit.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const CONTEXT = { viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' };

/** Signs in once through the form, as an operator does: every signed-in run starts with this session. */
export async function signIn(browser: Browser, url: string, user: { email: string }): Promise<{ session: StorageState; ordersInRange: number }> {
  const context = await browser.newContext({ ...CONTEXT, baseURL: url });
  try {
    const page = await context.newPage();
    await page.goto(PATHS.login);
    await page.getByLabel('E-Mail').fill(user.email);
    await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.locator('[role="row"][data-order-id]').first().waitFor({ timeout: 60_000 });
    const ordersInRange = Number(await page.locator('[role="grid"]').getAttribute('aria-rowcount')) - 1;
    return { session: await context.storageState(), ordersInRange };
  } finally {
    await context.close();
  }
}

type Series = 'console' | 'floor' | 'login' | 'warmConsole' | 'warmFloor';

function describe(sample: FirstScreenSample): string {
  const time = (value: number | null) => value?.toFixed(0) ?? '–';
  return (
    `rows ${time(sample.rowsMs)} ms${sample.openMs === null ? '' : `, order open ${time(sample.openMs)} ms (${sample.clicks} clicks, ${sample.lostClicks} lost)`}, FCP ${time(sample.fcpMs)} ms, ` +
    `${(sample.scriptCssBytes / 1000).toFixed(1)} kB JS+CSS, ${sample.requests} requests, first page ${sample.listRequests}/${sample.listRequestsSettled}, ` +
    `further pages ${sample.pageRequests}/${sample.pageRequestsSettled}, long tasks ${sample.longTasks} (longest ${time(sample.longestTaskMs)} ms), ` +
    `HTML ${time(sample.documentMs)} ms, list ${time(sample.listSentMs)}→${time(sample.listAnsweredMs)} ms` +
    (sample.listQueries.length > 1 ? `; list queries: ${sample.listQueries.join(' | ')}` : '')
  );
}

/** The runs against the backend at `url`: cold and warm, console and floor alternating. */
async function measure(browser: Browser, url: string, runs: number, log: (line: string) => void): Promise<Omit<FirstScreenResult, 'build'>> {
  const tenant = DEMO_TENANTS[0];
  if (!tenant) {
    throw new Error('no demo tenant');
  }
  const loadBefore = os.loadavg()[0] ?? 0;
  const { session, ordersInRange } = await signIn(browser, url, tenant.user);
  const newContext = async (signedIn: boolean, serviceWorkers: 'allow' | 'block') => {
    const context = await browser.newContext({ ...CONTEXT, baseURL: url, serviceWorkers, storageState: signedIn ? session : undefined });
    // tsx (esbuild) keeps function names with a `__name` helper, also inside the functions handed to the page.
    await context.addInitScript('window.__name = (target) => target;');
    return context;
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
    const page = await context.newPage();
    await page.goto(PATHS[kind]);
    await page.locator(PROBES[kind].selector).first().waitFor({ timeout: 60_000 });
    if (kind === 'console') {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 100 });
    }
    await page.close();
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
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
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

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const result = await runFirstScreenBench({
    distDir: option('--dist'),
    build: option('--build'),
    runs: Number(option('--runs') ?? 7),
    log: (line) => console.log(line),
  });
  const section = firstScreenSection(result);
  console.log(`\n${section}`);
  if (process.argv.includes('--write')) {
    const file = path.join(ROOT, 'docs', 'benchmarks.md');
    writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), FIRST_SCREEN_HEADING, section));
    console.log(`written to ${file}`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
