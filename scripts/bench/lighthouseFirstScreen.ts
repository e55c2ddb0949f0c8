// Lighthouse's figures for the first screens: `/login` signed out and `/orders` signed in, with
// Lighthouse 12's default (mobile) settings: a Moto G Power-sized screen, its simulated throttling
// (slow 4G, CPU 4×, computed by lantern from an unthrottled load), categories performance and
// accessibility, and SEO's `meta-description` audit. Several runs per page; the figures are their
// medians, the diagnostics those of the median run.
//
// Chromium (/usr/bin/chromium, never downloaded) is started by chrome-launcher; each run is a new page
// of the browser's default context (opened through the Puppeteer Lighthouse brings, which notes the
// page's own LCP element and layout shifts, see `WATCH_PAGE`) handed to Lighthouse. Signed in: the
// German operator signs in through the login form (`signIn` of bench-firstScreen.ts, in a context
// of its own in the same Chromium) and the session it stored (localStorage `cockpit.state`) is put
// into the default context's storage; Lighthouse then keeps it. It does not with
// `disableStorageReset: true` alone, but that flag also keeps the HTTP cache and the service worker
// (Lighthouse clears neither without its reset) and every run after the first would measure a
// returning operator served by the service worker. So the reset stays on with the types it clears
// named explicitly (Lighthouse 12's own list, which does not include local_storage): caches, service
// workers and file systems go, the session stays. Each signed-in run is checked to have stayed on
// `/orders` (a lost session ends on `/login`).
//
// On its own: `npx tsx scripts/bench/lighthouseFirstScreen.ts [--dist <folder>] [--build <commit>] [--runs <n>] [--save <folder>]`
// measures the build in dist/ (copied first, under the dist lock) and prints the table and the
// diagnostics; with `--save`, each run's report goes into <folder> as JSON (open it in the Lighthouse viewer).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch as launchChromium, type LaunchedChrome } from 'chrome-launcher';
import type lighthouseFunction from 'lighthouse';
import type { Flags, Puppeteer, Result } from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { DEMO_TENANTS } from '../../server/seed/demoAccounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/browser/support/chromium';
import { SEED_ORDERS, signIn, stageBuild } from '../bench-firstScreen';
import { median } from './median';
import { startBackend } from './startBackend';

const ROOT = path.resolve(__dirname, '..', '..');

/** The issue's targets, for both pages. */
export const LIGHTHOUSE_TARGETS = { performance: 98, lcpMs: 2500, tbtMs: 100, accessibility: 100 };

/** The start of the section's heading (for `replaceSection`). */
export const LIGHTHOUSE_HEADING = '## Lighthouse';

/** The tests' Chromium switches, headless (chrome-launcher starts a headed browser without it). */
export const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** What Lighthouse 12 clears before and after a run by default (no local_storage, no indexeddb, no cookies). */
const KEEP_SESSION: NonNullable<Flags['clearStorageTypes']> = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'];

export type LighthousePagePath = '/login' | '/orders';

/** An element as Lighthouse names it. */
export interface LighthouseNode {
  selector: string;
  snippet: string;
  label: string;
  /** Why the element fails (accessibility audits). */
  explanation?: string;
}

export interface FailingAudit {
  id: string;
  title: string;
  nodes: LighthouseNode[];
}

/** One row of a diagnostic's table: what, and its figure (ms or bytes, as the diagnostic counts). */
export interface DiagnosticItem {
  label: string;
  value: number;
  /** Further figures of the row, already formatted (e.g. `scripting 812 ms`). */
  detail?: string;
}

export interface Diagnostic {
  id: string;
  /** Lighthouse's summary (e.g. `2.1 s`, `Potential savings of 80 KiB`). */
  displayValue: string;
  numericValue: number | null;
  unit: 'ms' | 'bytes';
  items: DiagnosticItem[];
  /** Why there is nothing to show: the audit failed or did not apply. */
  note?: string;
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  cls: number;
  /** SEO's `meta-description` audit passed. */
  description: boolean;
  finalUrl: string;
  failingAccessibility: FailingAudit[];
  warnings: string[];
  /** Audits that failed to run, with their weight in the scores (0 for all the diagnostics). */
  erroredAudits: { id: string; weight: number }[];
  /** Requests still open when Lighthouse stopped (paths): what kept the network from going quiet. */
  unfinished: string[];
  benchmarkIndex: number;
  /** Chromium's version as Lighthouse saw it, and Lighthouse's. */
  chromium: string;
  lighthouseVersion: string;
  /** The median run's only (the others' are dropped). */
  diagnostics?: Diagnostic[];
  /**
   * The LCP element: Lighthouse's (`largest-contentful-paint-element`) where that audit worked, else
   * the page's own last largest-contentful-paint entry's, with its time unthrottled.
   */
  lcpElement?: LighthouseNode & { source: 'lighthouse' | 'page'; observedMs?: number };
  /** The layout shifts the page saw, unthrottled (Lighthouse's CLS comes from the same shifts). */
  layoutShifts: LayoutShift[];
}

export interface LighthousePageResult {
  path: LighthousePagePath;
  signedIn: boolean;
  runs: LighthouseRun[];
  /** Medians over the runs. */
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  cls: number;
  /** Whether every run had the description. */
  description: boolean;
  /** Failing accessibility audits of any run, by id (the nodes of the first run that failed it). */
  failingAccessibility: FailingAudit[];
  /** The run whose performance score is the median (its diagnostics and LCP element). */
  medianRun: LighthouseRun;
}

export interface LighthouseResult {
  date: Date;
  machine: string;
  chromium: string;
  lighthouse: string;
  /** The commit the measured build was made from, `+` when the checkout had changes. */
  build: string;
  /** The machine's one-minute load average when the runs began and when they ended. */
  loadAverage: [number, number];
  /** Lighthouse's benchmark index of the machine (median over the runs; lantern scales its CPU figures by it). */
  benchmarkIndex: number;
  pages: LighthousePageResult[];
}

export interface LighthouseOptions {
  /** The console build to measure; copied before anything else. Default dist/. */
  distDir?: string;
  build?: string;
  /** Runs per page (median); default 3. */
  runs?: number;
  /** A folder to write each run's Lighthouse report into (JSON, as the Lighthouse viewer reads it). */
  saveDir?: string;
  log?: (line: string) => void;
}

type AuditResult = Result['audits'][string];
type Row = Record<string, unknown>;

/** The rows of an audit's table or list (a list's tables' rows, in order). */
function rowsOf(audit: AuditResult | undefined): Row[] {
  const details = audit?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) {
    return [];
  }
  if (details.type === 'list') {
    return details.items.flatMap((item) => ((item as { items?: unknown[] }).items ?? []) as Row[]);
  }
  return details.items as Row[];
}

function nodeOf(value: unknown): LighthouseNode | undefined {
  const node = value as { type?: string; selector?: string; snippet?: string; nodeLabel?: string; explanation?: string } | undefined;
  if (node?.type !== 'node') {
    return undefined;
  }
  return { selector: node.selector ?? '', snippet: node.snippet ?? '', label: node.nodeLabel ?? '', ...(node.explanation ? { explanation: node.explanation } : {}) };
}

/** A URL of the measured origin as its path; others as they are. */
function shortUrl(url: unknown, origin: string): string {
  const text = String(url ?? '');
  return text.startsWith(origin) ? text.slice(origin.length) || '/' : text;
}

const number = (value: unknown) => (typeof value === 'number' ? value : 0);

function diagnosticsOf(lhr: Result): Diagnostic[] {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const make = (id: string, unit: Diagnostic['unit'], items: (rows: Row[]) => DiagnosticItem[]): Diagnostic => {
    const audit = lhr.audits[id];
    const note = !audit ? 'not run' : audit.errorMessage ? `error: ${audit.errorMessage}` : audit.scoreDisplayMode === 'notApplicable' ? 'not applicable' : undefined;
    return { id, displayValue: audit?.displayValue ?? '', numericValue: audit?.numericValue ?? null, unit, items: items(rowsOf(audit)), ...(note ? { note } : {}) };
  };
  const ms = (value: unknown) => `${number(value).toFixed(0)} ms`;
  const kB = (value: unknown) => `${(number(value) / 1000).toFixed(1)} kB`;
  return [
    make('mainthread-work-breakdown', 'ms', (rows) => rows.map((row) => ({ label: String(row.groupLabel ?? row.group), value: number(row.duration) }))),
    make('bootup-time', 'ms', (rows) =>
      rows.map((row) => ({ label: shortUrl(row.url, origin), value: number(row.total), detail: `scripting ${ms(row.scripting)}, parse & compile ${ms(row.scriptParseCompile)}` })),
    ),
    make('largest-contentful-paint-element', 'ms', (rows) =>
      rows.flatMap((row): DiagnosticItem[] => {
        const node = nodeOf(row.node);
        if (node) {
          return [{ label: `element ${node.selector}`, value: 0, detail: `${node.label ? `"${node.label}" ` : ''}${node.snippet}` }];
        }
        return row.phase ? [{ label: String(row.phase), value: number(row.timing), detail: `${number(row.percent).toFixed(0)} % of LCP` }] : [];
      }),
    ),
    make('render-blocking-resources', 'ms', (rows) =>
      rows.map((row) => ({ label: shortUrl(row.url, origin), value: number(row.wastedMs), detail: `${kB(row.totalBytes)} transferred` })),
    ),
    make('unused-javascript', 'bytes', (rows) =>
      rows.map((row) => ({ label: shortUrl(row.url, origin), value: number(row.wastedBytes), detail: `of ${kB(row.totalBytes)} transferred (${number(row.wastedPercent).toFixed(0)} % unused)` })),
    ),
    make('total-byte-weight', 'bytes', (rows) => rows.map((row) => ({ label: shortUrl(row.url, origin), value: number(row.totalBytes) }))),
  ];
}

function failingAccessibilityOf(lhr: Result): FailingAudit[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs.flatMap(({ id }) => {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null || audit.score >= 1 || audit.scoreDisplayMode !== 'binary') {
      return [];
    }
    const nodes = rowsOf(audit).flatMap((row) => {
      const node = nodeOf(row.node);
      return node ? [node] : [];
    });
    return [{ id, title: audit.title, nodes }];
  });
}

function runOf({ lhr, seen }: { lhr: Result; seen: PageSeen }): LighthouseRun {
  const pageLcp = seen.lcp;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const audited = rowsOf(lhr.audits['largest-contentful-paint-element'])
    .map((row) => nodeOf(row.node))
    .find((node) => node !== undefined);
  const lcpElement: LighthouseRun['lcpElement'] = audited
    ? { ...audited, source: 'lighthouse' }
    : pageLcp
      ? { selector: pageLcp.selector, snippet: pageLcp.snippet, label: pageLcp.label, source: 'page', observedMs: pageLcp.time }
      : undefined;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    fcpMs: value('first-contentful-paint'),
    siMs: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    description: lhr.audits['meta-description']?.score === 1,
    finalUrl: lhr.finalDisplayedUrl,
    failingAccessibility: failingAccessibilityOf(lhr),
    warnings: lhr.runWarnings.map(String),
    erroredAudits: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'error')
      .map((audit) => ({
        id: audit.id,
        weight: Object.values(lhr.categories).reduce((sum, category) => sum + (category.auditRefs.find((ref) => ref.id === audit.id)?.weight ?? 0), 0),
      })),
    unfinished: rowsOf(lhr.audits['network-requests'])
      .filter((row) => row.finished === false)
      .map((row) => shortUrl(row.url, new URL(lhr.finalDisplayedUrl).origin)),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    chromium: /Chrome\/([\d.]+)/.exec(lhr.environment.hostUserAgent)?.[1] ?? lhr.environment.hostUserAgent,
    lighthouseVersion: lhr.lighthouseVersion,
    diagnostics: diagnosticsOf(lhr),
    ...(lcpElement ? { lcpElement } : {}),
    layoutShifts: seen.shifts,
  };
}

function summarize(path: LighthousePagePath, signedIn: boolean, runs: LighthouseRun[]): LighthousePageResult {
  const of = (figure: (run: LighthouseRun) => number) => median(runs.map(figure));
  // The median by score; among equal scores, by LCP.
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const medianRun = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRun;
  const failing = new Map<string, FailingAudit>();
  for (const run of runs) {
    for (const audit of run.failingAccessibility) {
      if (!failing.has(audit.id)) {
        failing.set(audit.id, audit);
      }
    }
  }
  return {
    path,
    signedIn,
    // Only the median run keeps its diagnostics.
    runs: runs.map((run) => (run === medianRun ? run : { ...run, diagnostics: undefined })),
    performance: of((run) => run.performance),
    accessibility: of((run) => run.accessibility),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    fcpMs: of((run) => run.fcpMs),
    siMs: of((run) => run.siMs),
    cls: of((run) => run.cls),
    description: runs.every((run) => run.description),
    failingAccessibility: [...failing.values()],
    medianRun,
  };
}

/** `specifier` (resolved as `require` would, from here) imported by Node itself, not through tsx. */
function nativeImport<T>(specifier: string): Promise<T> {
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<T>;
  return load(pathToFileURL(require.resolve(specifier)).href);
}

/**
 * Lighthouse, and the Puppeteer it drives Chromium with, as Node loads them. Through tsx (`import`
 * here becomes `require`) their code is compiled again with the functions' names kept by a helper
 * (`__name`), and the functions they hand to the page as text (the benchmark index, the gatherers')
 * then fail there: both are imported natively (their ES modules), which tsx leaves alone.
 */
const loadLighthouse = async () => (await nativeImport<{ default: typeof lighthouseFunction }>('lighthouse')).default;
const loadPuppeteer = async () =>
  (await nativeImport<{ default: { connect(options: { browserURL: string; defaultViewport: null }): Promise<Puppeteer.Browser> } }>('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js')).default;

/** A layout shift as the page's own entry tells it: its score, when, and what moved. */
export interface LayoutShift {
  value: number;
  /** ms from the navigation's start, unthrottled. */
  time: number;
  /** The moved elements, as selectors, with how their box moved (`y 48→0`). */
  sources: string[];
  /**
   * Chromium's `hadRecentInput`: the web's CLS leaves such shifts out. Chromium also takes
   * Lighthouse's emulated screen size for input, so Lighthouse counts them all the same in the
   * first 500 ms, before any shift without it (see `countedByLighthouse`).
   */
  hadRecentInput: boolean;
}

/** Whether Lighthouse's CLS counts each shift (its rule, with the navigation's start for its viewport event). */
export function countedByLighthouse(shifts: readonly LayoutShift[]): boolean[] {
  let respectInput = false;
  return [...shifts]
    .map((shift, index) => ({ shift, index }))
    .sort((a, b) => a.shift.time - b.shift.time)
    .reduce<boolean[]>((counted, { shift, index }) => {
      if (!shift.hadRecentInput) {
        respectInput = true;
      }
      counted[index] = !shift.hadRecentInput || (!respectInput && shift.time <= 500);
      return counted;
    }, []);
}

/** What the page saw of itself (see `WATCH_PAGE`). */
interface PageSeen {
  lcp: PageLcp | null;
  shifts: LayoutShift[];
}

/** What the page's own largest-contentful-paint entry named. */
interface PageLcp {
  selector: string;
  snippet: string;
  label: string;
  /** When it was painted, unthrottled (ms from the navigation's start). */
  time: number;
}

/**
 * Runs in the measured page before its scripts: keeps the last largest-contentful-paint entry's
 * element, and the layout shifts (without recent input) with the elements they moved. Lighthouse 12.2.3's own `largest-contentful-paint-element` audit fails with this
 * Chromium (its trace engine reads a `PipelineReporter` field newer Chromium no longer writes), so
 * these come from the page. Text, not a function: tsx would add its `__name` helper.
 */
const WATCH_PAGE = `(() => {
  if (window.top !== window) return;
  const selectorOf = (element) => {
    const parts = [];
    for (let node = element; node && node.nodeType === 1 && node !== document.body && parts.length < 4; node = node.parentElement) {
      if (node.id) {
        parts.unshift(node.localName + '#' + CSS.escape(node.id));
        break;
      }
      parts.unshift(node.localName + [...node.classList].slice(0, 2).map((name) => '.' + CSS.escape(name)).join(''));
    }
    return parts.join(' > ');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const html = element ? element.outerHTML : '';
      window.__benchLcp = {
        selector: element ? selectorOf(element) : '(no longer in the page)',
        snippet: html.slice(0, Math.min(html.indexOf('>') + 1 || 200, 200)),
        label: element ? (element.innerText || element.getAttribute('alt') || entry.url || '').trim().replace(/\\s+/g, ' ').slice(0, 80) : entry.url,
        time: entry.startTime,
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__benchShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const box = (rect) => 'x ' + Math.round(rect.x) + ', y ' + Math.round(rect.y) + ', ' + Math.round(rect.width) + '×' + Math.round(rect.height);
      window.__benchShifts.push({
        value: entry.value,
        time: entry.startTime,
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources || []).map((source) =>
          (source.node && source.node.nodeType === 1 ? selectorOf(source.node) : '(text or gone)') + ' from ' + box(source.previousRect) + ' to ' + box(source.currentRect)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** One Lighthouse run of `url` in the Chromium at `port`, in a page of the browser's default context; and the page's LCP element. */
async function audit(url: string, port: number, clearStorageTypes: NonNullable<Flags['clearStorageTypes']>): Promise<{ lhr: Result; seen: PageSeen }> {
  const flags: Flags = {
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    onlyAudits: ['meta-description'],
    clearStorageTypes,
  };
  const [lighthouse, puppeteer] = await Promise.all([loadLighthouse(), loadPuppeteer()]);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    try {
      await page.evaluateOnNewDocument(WATCH_PAGE);
      const result = await lighthouse(url, flags, undefined, page);
      if (!result) {
        throw new Error(`Lighthouse gave no result for ${url}`);
      }
      const { lhr } = result;
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const seen = (await page.evaluate('({ lcp: window.__benchLcp ?? null, shifts: window.__benchShifts ?? [] })')) as PageSeen;
      return { lhr, seen };
    } finally {
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}

/** Waits until the page's `cockpit.state` has not changed for two seconds (at most 20 s). */
async function settledStorage(page: Page): Promise<void> {
  const read = () => page.evaluate(() => window.localStorage.getItem('cockpit.state'));
  let last = await read();
  let since = Date.now();
  for (const started = Date.now(); Date.now() - started < 20_000 && Date.now() - since < 2000; ) {
    await page.waitForTimeout(250);
    const now = await read();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
}

/**
 * Signs the German operator in through the form (in a context of its own) and puts the session it
 * stored into the storage of the browser's default context, where Lighthouse opens its pages.
 */
async function signInDefaultContext(port: number, url: string): Promise<void> {
  const tenant = DEMO_TENANTS[0];
  if (!tenant) {
    throw new Error('no demo tenant');
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const { session } = await signIn(browser, url, tenant.user);
    const context = browser.contexts()[0];
    if (!context) {
      throw new Error('the browser has no default context');
    }
    if (session.cookies.length > 0) {
      await context.addCookies(session.cookies);
    }
    const page = await context.newPage();
    try {
      for (const { origin, localStorage } of session.origins) {
        // A page of the origin that starts no console (no service worker, nothing cached by it).
        await page.goto(`${origin}/manifest.webmanifest`);
        await page.evaluate((items) => {
          for (const { name, value } of items) {
            window.localStorage.setItem(name, value);
          }
        }, localStorage);
      }
      const stored = await page.evaluate(() => window.localStorage.getItem('cockpit.state'));
      if (!stored) {
        throw new Error('the sign-in stored no session (localStorage cockpit.state)');
      }
      // One visit before the measured ones, as the operator's earlier visits: the console keeps
      // what it says once per user and browser (the toast that this browser blocks notifications,
      // which became the LCP element of the first run only), so every measured run starts alike.
      // Lighthouse's reset then clears the caches and the service worker this visit left.
      await page.goto(`${url}/orders`);
      await page.locator('[data-order-id]').first().waitFor({ timeout: 60_000 });
      await settledStorage(page);
    } finally {
      await page.close();
    }
  } finally {
    // Connected over CDP: disconnects (and closes the context signIn made), the browser stays.
    await browser.close();
  }
}

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
  const prefix = DEMO_TENANTS[0]?.orderPrefix ?? 'AN';
  const { dir, build } = stageBuild(options.distDir ?? path.join(ROOT, 'dist'));
  try {
    // The same data as the first-screen bench: a full first page in the week shown.
    const cockpit = await startBackend({ STATIC_DIR: path.join(dir, 'dist'), SEED_ORDERS: '10', SEED_TENANT_ORDERS: `${prefix}=${SEED_ORDERS}` });
    try {
      let chrome: LaunchedChrome | undefined;
      try {
        chrome = await launchChromium({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
        const loadBefore = os.loadavg()[0] ?? 0;
        const pages = await measure(cockpit.url, chrome.port, runs, log, options.saveDir);
        const first = pages[0]?.medianRun;
        return {
          date: new Date(),
          machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
          chromium: first?.chromium ?? '',
          lighthouse: first?.lighthouseVersion ?? '',
          build: options.build ?? build,
          loadAverage: [loadBefore, os.loadavg()[0] ?? 0],
          benchmarkIndex: median(pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))),
          pages,
        };
      } finally {
        chrome?.kill();
      }
    } finally {
      await cockpit.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const range = (page: LighthousePageResult, figure: (run: LighthouseRun) => number) => {
  const values = page.runs.map(figure);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? '' : ` (${low}–${high})`;
};

/** Whether each target is met by the page's medians. */
export function lighthouseVerdicts(page: LighthousePageResult): { performance: boolean; lcp: boolean; tbt: boolean; accessibility: boolean; description: boolean } {
  const targets = LIGHTHOUSE_TARGETS;
  return {
    performance: page.performance >= targets.performance,
    lcp: page.lcpMs <= targets.lcpMs,
    tbt: page.tbtMs <= targets.tbtMs,
    accessibility: page.accessibility >= targets.accessibility,
    description: page.description,
  };
}

export function lighthouseTable(result: LighthouseResult): string {
  const targets = LIGHTHOUSE_TARGETS;
  return [
    '| Page (median) | Performance | Accessibility | LCP | TBT | CLS | FCP | Speed Index | Description | Verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...result.pages.map((page) => {
      const met = lighthouseVerdicts(page);
      const verdicts = [
        `performance ≥ ${targets.performance}: ${verdict(met.performance)}`,
        `LCP ≤ ${(targets.lcpMs / 1000).toFixed(1)} s: ${verdict(met.lcp)}`,
        `TBT ≤ ${targets.tbtMs} ms: ${verdict(met.tbt)}`,
        `accessibility ${targets.accessibility}: ${verdict(met.accessibility)}`,
      ].join('; ');
      return (
        `| \`${page.path}\` ${page.signedIn ? 'signed in' : 'signed out'} | ${page.performance}${range(page, (run) => run.performance)} | ` +
        `${page.accessibility}${range(page, (run) => run.accessibility)} | ${ms(page.lcpMs)} | ${ms(page.tbtMs)} | ${page.cls.toFixed(3)} | ` +
        `${ms(page.fcpMs)} | ${ms(page.siMs)} | ${page.description ? 'present' : '**missing**'} | ${verdicts} |`
      );
    }),
  ].join('\n');
}

/** The accessibility audits that failed, with the elements, one line each. */
function failingLines(result: LighthouseResult): string[] {
  return result.pages.flatMap((page) =>
    page.failingAccessibility.map(
      (audit) =>
        `- \`${page.path}\`: \`${audit.id}\` (${audit.title}): ` +
        (audit.nodes.length > 0 ? audit.nodes.map((node) => `\`${node.selector}\`${node.label ? ` "${node.label}"` : ''}`).join(', ') : 'no element named'),
    ),
  );
}

export function lighthouseSection(result: LighthouseResult): string {
  const runs = Math.max(...result.pages.map((page) => page.runs.length));
  const failing = failingLines(result);
  const warnings = warningLines(result);
  const errored = new Map(result.pages.flatMap((page) => page.runs.flatMap((run) => run.erroredAudits.map((audit) => [audit.id, audit.weight] as const))));
  const weighed = [...errored].filter(([, weight]) => weight > 0);
  return [
    `${LIGHTHOUSE_HEADING}: \`/login\` and \`/orders\`, mobile, simulated throttling`,
    '',
    `Run on ${result.date.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${result.machine}, Chromium ${result.chromium}, Lighthouse ${result.lighthouse} ` +
      `(benchmark index ${result.benchmarkIndex.toFixed(0)}); build of commit ${result.build.replace(/\+$/, ' with uncommitted changes')}; ` +
      `load average ${result.loadAverage[0].toFixed(1)} at the start, ${result.loadAverage[1].toFixed(1)} at the end.`,
    '',
    'Made by `npx tsx scripts/bench/lighthouseFirstScreen.ts` (also part of `npm run bench`): Lighthouse run',
    'programmatically with its default settings (mobile screen, simulated slow 4G and CPU 4×, computed by',
    'lantern from an unthrottled load, so a loaded machine moves the figures less than real throttling',
    'would, but not at all only for the network part), categories performance and accessibility, and',
    'SEO\'s `meta-description` audit. `/login` signed out; `/orders` signed in as the German operator',
    '(signed in through the form once; Lighthouse clears caches and service workers before each run but',
    `keeps the stored session). Medians of ${runs} runs per page (performance and accessibility with their`,
    'range when the runs differed).',
    '',
    lighthouseTable(result),
    '',
    ...(failing.length > 0 ? ['Failing accessibility audits:', '', ...failing, ''] : []),
    ...(warnings.length > 0 ? ["Lighthouse's warnings:", '', ...warnings, ''] : []),
    ...(errored.size > 0
      ? [
          `Audits that failed to run: ${[...errored.keys()].map((id) => `\`${id}\``).join(', ')}; ` +
            (weighed.length > 0
              ? `**the scores count ${weighed.map(([id]) => `\`${id}\``).join(', ')}**.`
              : `none of them counts in the scores (Lighthouse ${result.lighthouse}'s trace engine does not read this Chromium's frame events).`),
          '',
        ]
      : []),
  ].join('\n');
}

function lcpLines(run: LighthouseRun): string[] {
  const element = run.lcpElement;
  if (!element) {
    return ['- **LCP element**: none found'];
  }
  const from = element.source === 'lighthouse' ? 'Lighthouse' : `the page's own largest-contentful-paint entry, painted at ${ms(element.observedMs ?? NaN)} unthrottled`;
  return [`- **LCP element** (${from}): \`${element.selector}\`${element.label ? ` "${element.label}"` : ''}: \`${element.snippet}\``];
}

function shiftLines(run: LighthouseRun): string[] {
  if (run.layoutShifts.length === 0) {
    return ['- **layout shifts** (the page\'s own entries): none'];
  }
  const counted = countedByLighthouse(run.layoutShifts);
  const total = run.layoutShifts.reduce((sum, shift, index) => sum + (counted[index] ? shift.value : 0), 0);
  const why = (shift: LayoutShift, index: number) =>
    !shift.hadRecentInput ? '' : counted[index] ? ' (marked as after input, counted: within 500 ms of the emulated screen size)' : ' (marked as after input, not counted)';
  return [
    `- **layout shifts** (the page's own entries, unthrottled): ${total.toFixed(3)} as Lighthouse counts them`,
    ...run.layoutShifts.map(
      (shift, index) => `  - ${shift.value.toFixed(3)} at ${ms(shift.time)}${why(shift, index)}: ` + (shift.sources.map((source) => `\`${source}\``).join(', ') || 'no element named'),
    ),
  ];
}

/** Lighthouse's warnings of each page, with the runs that gave them and the requests left open. */
function warningLines(result: LighthouseResult): string[] {
  return result.pages.flatMap((page) => {
    const warnings = [...new Set(page.runs.flatMap((run) => run.warnings))];
    const open = [...new Set(page.runs.flatMap((run) => run.unfinished))];
    return warnings.map((warning) => {
      const runs = page.runs.filter((run) => run.warnings.includes(warning)).length;
      return `- \`${page.path}\`, ${runs} of ${page.runs.length} runs: "${warning}"${open.length > 0 ? ` (requests still open at the end: ${open.map((url) => `\`${url}\``).join(', ')})` : ''}`;
    });
  });
}

/** The median runs' diagnostics: the biggest items of each. */
export function lighthouseDiagnostics(result: LighthouseResult, top = 5): string {
  const figure = (value: number, unit: Diagnostic['unit']) => (unit === 'ms' ? ms(value) : `${(value / 1000).toFixed(1)} kB`);
  return result.pages
    .flatMap((page) => [
      `### \`${page.path}\` (median run: performance ${page.medianRun.performance}, LCP ${ms(page.medianRun.lcpMs)}, TBT ${ms(page.medianRun.tbtMs)})`,
      '',
      ...lcpLines(page.medianRun),
      ...shiftLines(page.medianRun),
      ...(page.medianRun.diagnostics ?? []).flatMap((diagnostic) => {
        const items = diagnostic.id === 'largest-contentful-paint-element' ? diagnostic.items : [...diagnostic.items].sort((a, b) => b.value - a.value).slice(0, top);
        return [
          `- **${diagnostic.id}**${diagnostic.displayValue ? `: ${diagnostic.displayValue}` : ''}${items.length === 0 ? ` (${diagnostic.note ?? 'nothing listed'})` : ''}`,
          ...items.map((item) => `  - ${item.label}${item.value > 0 || diagnostic.id !== 'largest-contentful-paint-element' ? `: ${figure(item.value, diagnostic.unit)}` : ''}${item.detail ? ` (${item.detail})` : ''}`),
        ];
      }),
      '',
    ])
    .join('\n');
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const result = await runLighthouseBench({
    distDir: option('--dist'),
    build: option('--build'),
    runs: Number(option('--runs') ?? 3),
    saveDir: option('--save'),
    log: (line) => console.log(line),
  });
  console.log(`\n${lighthouseSection(result)}`);
  console.log(`Diagnostics of the median runs:\n\n${lighthouseDiagnostics(result)}`);
  for (const page of result.pages) {
    for (const audit of page.failingAccessibility) {
      console.log(`${page.path} ${audit.id}:`);
      for (const node of audit.nodes) {
        console.log(`  ${node.selector}\n    ${node.snippet}${node.explanation ? `\n    ${node.explanation.replace(/\n/g, '\n    ')}` : ''}`);
      }
    }
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
