// The first-screen part of `npm run bench`: a signed-in operator opens `/orders` in a fresh browser
// (nothing cached, no service worker), in Chromium with the CPU slowed down four times, and beside it
// the floor: a plain HTML page served by the same backend that asks the same first page of orders
// and shows it as a <table> without a framework. Cold runs alternate console and floor (and the
// signed-out `/login`); warm runs open the console a second time in a browser whose service worker
// controls it, beside a second visit of the floor.
//
// On its own: `npx tsx scripts/bench-firstScreen.ts [--dist <folder>] [--build <commit>] [--runs <n>] [--write]`
// measures the build in dist/ (copied first, under the dist lock) or in <folder> (made from <commit>),
// prints the section, and with `--write` puts it into docs/benchmarks.md in place of the one there.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../server/seed/demoAccounts';
import { FIRST_SCREEN_HEADING, firstScreenSection, replaceSection } from './bench/firstScreenReport';
import { median } from './bench/median';
import { startBackend } from './bench/startBackend';

const ROOT = path.resolve(__dirname, '..');
const FLOOR_FILES = ['floor.html', 'floor.js'];
const DIST_LOCK = '/tmp/cockpit-dist.lock';
const CPU_THROTTLING = 4;
/** Orders of the signed-in tenant: about 290 in this week, so that the first page is a full 100. */
export const SEED_ORDERS = 5000;
/** How long a page stays open after its rows, to count the list requests of its start. */
const SETTLE_MS = 3000;

export type FirstScreenKind = 'console' | 'floor' | 'login';

/** What one visit measured. Times in ms from the start of the navigation. */
export interface FirstScreenSample {
  /** The first data row (or, on `/login`, the form) in the DOM and painted. */
  rowsMs: number;
  /**
   * The console's own grid on screen, rows that take a click and a key (null for the floor and
   * `/login`, or when it did not come within `SETTLE_MS` of the rows): later than `rowsMs` when the
   * entry drew the rows first.
   */
  gridMs: number | null;
  fcpMs: number | null;
  /** Tasks of 50 ms and more before the rows, and the longest of them (0 without one). */
  longTasks: number;
  longestTaskMs: number;
  /** Encoded bytes received (headers and body as sent) of the scripts and style sheets requested before the rows. */
  scriptCssBytes: number;
  /** Requests sent before the rows, the document included. */
  requests: number;
  /**
   * `GET /api/orders` of a first page (no cursor) sent before the rows, and until `SETTLE_MS` after
   * them; and those of further pages (with a cursor: the rows below the view).
   */
  listRequests: number;
  listRequestsSettled: number;
  pageRequests: number;
  pageRequestsSettled: number;
  /** The first list request's parameters, decoded and sorted, to check that console and floor ask alike. */
  listQuery: string | null;
  /** The different queries of the list requests until `SETTLE_MS` after the rows, in the order first asked. */
  listQueries: string[];
  /** Content encodings of the script and style answers (`identity` for none). */
  encodings: string[];
  /** The page's HTML received; the first list request sent and answered (null without one). */
  documentMs: number;
  listSentMs: number | null;
  listAnsweredMs: number | null;
}

/** The medians of a kind's runs (and the worst longest task). */
export interface FirstScreenSummary {
  runs: number;
  rowsMs: number;
  gridMs: number | null;
  fcpMs: number | null;
  longTasks: number;
  longestTaskMs: number;
  worstLongestTaskMs: number;
  scriptCssBytes: number;
  requests: number;
  listRequests: number;
  listRequestsSettled: number;
  pageRequests: number;
  pageRequestsSettled: number;
  encodings: string[];
  documentMs: number;
  listSentMs: number | null;
  listAnsweredMs: number | null;
}

export interface FirstScreenResult {
  date: Date;
  machine: string;
  chromium: string;
  /** The commit the measured build was made from, `+` when the checkout had changes. */
  build: string;
  cpuThrottling: number;
  /** The machine's one-minute load average when the runs began and when they ended (a shared machine slows every figure). */
  loadAverage: [number, number];
  cold: { console: FirstScreenSummary; floor: FirstScreenSummary; login: FirstScreenSummary };
  warm: { console: FirstScreenSummary; floor: FirstScreenSummary };
  /** Whether every console and floor run asked the same first page (the query below). */
  sameListQuery: boolean;
  listQuery: string | null;
  /** Orders in the week the first page shows. */
  ordersInRange: number;
}

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

/** The first cell of a row of the console's own grid: it holds the order number. */
const GRID_CELL = '[role="row"][data-order-id] > [role="gridcell"]';

/**
 * What marks the first screen of each kind as there; and, with `grid`, what marks the console's own
 * grid as there, when something else may show the rows first.
 */
export const PROBES: Record<FirstScreenKind, FirstScreenProbe> = {
  // A row with an order: its first cell holds the order number. The console's grid's, or those the
  // entry draws before the console exists (`.cockpit-first-rows`, a picture without roles).
  console: { selector: `${GRID_CELL}, .cockpit-first-rows [data-order-id] > div`, text: true, grid: GRID_CELL },
  floor: { selector: '#orders tbody > tr > td', text: true },
  login: { selector: 'form input[type="password"]', text: false },
};

export interface FirstScreenProbe {
  selector: string;
  /** Whether the element is there only with text (then timed by Element Timing). */
  text: boolean;
  /** The console's own grid, where something else may show the rows before it: timed the same way (`gridMs`). */
  grid?: string;
}

/** What the page writes on its console once its first screen is there (or has failed). */
export const FIRST_SCREEN_DONE = 'first-screen:done';

export const PATHS: Record<FirstScreenKind, string> = { console: '/orders', floor: '/floor.html', login: '/login' };

interface PageState {
  rowsAt: number;
  gridAt: number;
  fcp: number | null;
  longTasks: [number, number][];
  error: string | null;
}

/**
 * Runs in the page before any of its scripts: watches the DOM for the probe (with text where asked),
 * notes the time it is on screen, collects paints and long tasks; with `mark`, also marks a
 * performance trace (`console.timeStamp`, with that time and its own, for traceFirstScreen.ts).
 *
 * A probe with text is timed by the browser (Element Timing): it is given `elementtiming` as it
 * enters the DOM, before the frame that paints it, and the time is that frame's presentation. A
 * probe without text (the login form's field) is visible after the frame that lays it out: the time
 * is taken in a timer after that frame, which a page whose tasks go first (`scheduler.yield`) delays.
 * Visibility is asked only after that frame, when the layout is done: asked in the DOM's mutation
 * callback, in the task that inserted the rows, it made the browser lay the page out there (about
 * 250 ms at 4× throttling for the console, counted as the page's own long task).
 */
export function watchFirstScreen(args: { probe: FirstScreenProbe; mark?: string }): void {
  if (window.top !== window) {
    return;
  }
  const { probe, mark } = args;
  const state: PageState = { rowsAt: -1, gridAt: -1, fcp: null, longTasks: [], error: null };
  (window as unknown as { __firstScreen: PageState }).__firstScreen = state;
  // The grid is looked for until it is in the DOM; the rows, until they are on screen.
  let gridMarked = probe.grid === undefined;
  const watched = () => {
    if (state.rowsAt >= 0 && gridMarked) {
      observer.disconnect();
    }
  };
  const done = (at: number) => {
    if (state.rowsAt >= 0) {
      // Entries of one frame may come in any order.
      state.rowsAt = Math.min(state.rowsAt, at);
      return;
    }
    state.rowsAt = at;
    watched();
    if (mark) {
      // The time on screen, and the time of the mark itself (which places the page's clock in the trace).
      console.timeStamp(`${mark}${at}/${performance.now()}`);
    }
    console.debug('first-screen:done');
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-contentful-paint') {
          state.fcp = entry.startTime;
        }
      }
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push([entry.startTime, entry.duration]);
      }
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { identifier: string; renderTime: number; startTime: number; element: Element | null }[]) {
        const at = entry.renderTime || entry.startTime;
        if (entry.identifier === 'first-screen' || entry.identifier === 'first-screen-grid') {
          done(at);
        }
        // The grid's cell, or a cell of the grid marked as the rows' (the grid came first).
        if (probe.grid && (entry.identifier === 'first-screen-grid' || (entry.identifier === 'first-screen' && entry.element?.matches(probe.grid)))) {
          state.gridAt = at;
        }
      }
    }).observe({ type: 'element', buffered: true });
  } catch (error) {
    state.error = String(error);
    console.debug('first-screen:done');
  }
  const present = (selector = probe.selector) => {
    const element = document.querySelector(selector);
    return element !== null && (!probe.text || (element.textContent ?? '').trim() !== '') ? element : null;
  };
  let checking = false;
  // In the DOM; after the frame that paints it (layout done), visible: the time. Else the next frame.
  const afterFrame = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        const element = present();
        if (element?.checkVisibility()) {
          done(performance.now());
        } else if (element) {
          afterFrame();
        } else {
          checking = false;
        }
      }, 0),
    );
  const observer = new MutationObserver(() => {
    const failed = document.body?.getAttribute('data-error');
    if (failed && state.error === null) {
      state.error = failed;
      console.debug('first-screen:done');
    }
    // Before the rows' probe, which the grid's first cell matches too when it comes first.
    const grid = !gridMarked && probe.grid ? present(probe.grid) : null;
    if (grid) {
      if (!grid.hasAttribute('elementtiming')) {
        grid.setAttribute('elementtiming', 'first-screen-grid');
      }
      gridMarked = true;
      watched();
    }
    const element = state.rowsAt < 0 ? present() : null;
    if (!element) {
      return;
    }
    if (probe.text) {
      if (!element.hasAttribute('elementtiming')) {
        element.setAttribute('elementtiming', 'first-screen');
      }
    } else if (!checking) {
      checking = true;
      afterFrame();
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

interface RequestSeen {
  url: string;
  method: string;
  wallMs: number;
  type: string;
  bytes: number;
  encoding: string;
}

/** Opens `kind` in a new page of `context`, CPU throttled, and measures its first screen. */
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
    // The page says when it is done on its console: polling it from here (waitForFunction) would load
    // Playwright's injected script into the page while it starts, a long task of its own (about half a
    // second at 4× throttling on a loaded machine) that every kind, the floor too, counted as its own.
    const done = page.waitForEvent('console', { predicate: (message) => message.text() === FIRST_SCREEN_DONE, timeout: 60_000 });
    done.catch(() => undefined);
    await page.goto(PATHS[kind], { waitUntil: 'commit' });
    await done;
    await page.waitForTimeout(SETTLE_MS);
    const { state, timeOrigin, documentMs, list } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      // The first first-page request sent (entries stand in the order they ended).
      const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname === '/api/orders' && !new URL(entry.name).searchParams.has('cursor'))
        .sort((a, b) => a.startTime - b.startTime)[0];
      return {
        state: (window as unknown as { __firstScreen: PageState }).__firstScreen,
        timeOrigin: performance.timeOrigin,
        documentMs: navigation?.responseEnd ?? 0,
        list: list ? { sent: list.startTime, answered: list.responseEnd } : null,
      };
    });
    if (state.rowsAt < 0) {
      throw new Error(`${PATHS[kind]} failed: ${state.error}`);
    }
    const rowsWall = timeOrigin + state.rowsAt;
    const all = [...requests.values()];
    const before = all.filter((request) => request.wallMs <= rowsWall);
    const isList = (request: RequestSeen) => request.method === 'GET' && new URL(request.url).pathname === '/api/orders';
    const isFirstPage = (request: RequestSeen) => isList(request) && !new URL(request.url).searchParams.has('cursor');
    const isFurtherPage = (request: RequestSeen) => isList(request) && new URL(request.url).searchParams.has('cursor');
    const scriptsAndStyles = before.filter((request) => request.type === 'Script' || request.type === 'Stylesheet');
    const queryOf = (request: RequestSeen) => [...new URL(request.url).searchParams].map(([name, value]) => `${name}=${value}`).sort().join('&');
    const lists = all.filter(isList);
    const firstList = lists[0];
    const longTasks = state.longTasks.filter(([start]) => start < state.rowsAt);
    return {
      rowsMs: state.rowsAt,
      gridMs: state.gridAt >= 0 ? state.gridAt : null,
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
  return {
    runs: samples.length,
    rowsMs: median(samples.map((sample) => sample.rowsMs)),
    gridMs: optionalMedian(samples.map((sample) => sample.gridMs)),
    fcpMs: optionalMedian(samples.map((sample) => sample.fcpMs)),
    longTasks: median(samples.map((sample) => sample.longTasks)),
    longestTaskMs: median(samples.map((sample) => sample.longestTaskMs)),
    worstLongestTaskMs: Math.max(...samples.map((sample) => sample.longestTaskMs)),
    scriptCssBytes: median(samples.map((sample) => sample.scriptCssBytes)),
    requests: median(samples.map((sample) => sample.requests)),
    listRequests: median(samples.map((sample) => sample.listRequests)),
    listRequestsSettled: median(samples.map((sample) => sample.listRequestsSettled)),
    pageRequests: median(samples.map((sample) => sample.pageRequests)),
    pageRequestsSettled: median(samples.map((sample) => sample.pageRequestsSettled)),
    encodings: [...new Set(samples.flatMap((sample) => sample.encodings))].sort(),
    documentMs: median(samples.map((sample) => sample.documentMs)),
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

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
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
      const browser = await launch();
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
    `rows ${time(sample.rowsMs)} ms${sample.gridMs === null ? '' : ` (grid ${time(sample.gridMs)} ms)`}, FCP ${time(sample.fcpMs)} ms, ${(sample.scriptCssBytes / 1000).toFixed(1)} kB JS+CSS, ` +
    `${sample.requests} requests, first page ${sample.listRequests}/${sample.listRequestsSettled}, further pages ${sample.pageRequests}/${sample.pageRequestsSettled}, long tasks ${sample.longTasks} ` +
    `(longest ${time(sample.longestTaskMs)} ms), HTML ${time(sample.documentMs)} ms, list ${time(sample.listSentMs)}→${time(sample.listAnsweredMs)} ms` +
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
