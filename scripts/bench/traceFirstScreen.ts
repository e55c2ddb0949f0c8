// What the main thread does before the first rows: a signed-in operator opens `/orders` (or `/login`)
// as in the first-screen bench (Chromium, CPU slowed down four times, cold cache, or `--warm`: the
// second visit with the service worker in control), with a performance trace recorded. Prints each
// task of 50 ms and more before the rows: when it ran, what started it (a script's evaluation, a
// timer, a network answer …), its time by kind of work (script, style, layout, GC, parsing …), and
// the functions, modules and chunks with the most self time, mapped through the build's source maps.
//
// With `--timeline`, it prints instead one line per task of `--min` ms and more and per request of the
// page (sent and answered, by the page's clock), in order: what the rows wait for, one after the other.
//
// `npx tsx scripts/bench/traceFirstScreen.ts [--dist <folder>] [--kind console|login] [--warm]
//   [--runs <n>] [--min <ms>] [--top <n>] [--save <trace.json>] [--timeline]`
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_TENANTS } from '../../server/seed/demoAccounts';
import { launchChromium } from '../../test/browser/support/chromium';
import { CONTEXT, SEED_ORDERS, signIn, stageBuild, type StorageState } from '../bench-firstScreen';
import { FIRST_SCREEN_DONE, PATHS, PROBES, watchFirstScreen, type FirstScreenKind } from './firstScreenProbe';
import { startBackend } from './startBackend';

const ROOT = path.resolve(__dirname, '..', '..');
const CPU_THROTTLING = 4;
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  // The script stack of a style recalculation or layout that a script forced (beginData.stackTrace).
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];
const ROWS_MARK = 'first-rows@';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: TraceData; fileName?: string; beginData?: { stackTrace?: StackFrame[] } };
}

/** A frame of a script stack in a trace event (0-based line and column). */
interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** The fields of trace events' data read here. */
interface TraceData {
  message?: string;
  url?: string;
  requestId?: string;
  requestMethod?: string;
  finishTime?: number;
  functionName?: string;
  lineNumber?: number;
  timerId?: number;
  type?: string;
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

// ---------------------------------------------------------------------------------------------
// Source maps: a frame of a built chunk to its original function, file and package.

class Symbolizer {
  private readonly consumers = new Map<string, SourceMapConsumer | null>();

  constructor(private readonly distDir: string) {}

  /** The original place of `url`:line:column (0-based line and column, as in V8's call frames). */
  locate(url: string, line: number, column: number): { source: string; name: string | null; line: number } | null {
    const consumer = this.consumer(url);
    if (!consumer) {
      return null;
    }
    const position = consumer.originalPositionFor({ line: line + 1, column, bias: SourceMapConsumer.GREATEST_LOWER_BOUND });
    if (!position.source) {
      return null;
    }
    return { source: tidySource(position.source), name: position.name ?? null, line: position.line ?? 0 };
  }

  private consumer(url: string): SourceMapConsumer | null {
    if (!this.consumers.has(url)) {
      let consumer: SourceMapConsumer | null = null;
      try {
        const file = path.join(this.distDir, new URL(url).pathname);
        if (existsSync(`${file}.map`)) {
          consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap);
        }
      } catch {
        consumer = null;
      }
      this.consumers.set(url, consumer);
    }
    return this.consumers.get(url) ?? null;
  }
}

function tidySource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

/** The package (node_modules/<name>) or the source folder a file belongs to. */
function moduleGroup(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg?.[1]) {
    return pkg[1];
  }
  return source;
}

function chunkName(url: string): string {
  try {
    const pathname = new URL(url).pathname;
    return pathname.replace(/^\/assets\//, '').replace(/\.[0-9a-f]{12}\.js$/, '.js');
  } catch {
    return url || '(native)';
  }
}

// ---------------------------------------------------------------------------------------------
// The trace: the page's main thread, its tasks and its CPU profile.

interface Sample {
  ts: number;
  node: ProfileNode;
}

interface ProfileNode {
  id: number;
  parent?: number;
  /** The profile's nodes by id (to walk up the stack). */
  nodes?: Map<number, ProfileNode>;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface MainThread {
  pid: number;
  tid: number;
  /** The trace time (µs) of the navigation's start (performance.now() = 0). */
  origin: number;
  rowsTs: number;
  events: TraceEvent[];
  samples: Sample[];
}

function findMainThread(events: TraceEvent[]): MainThread {
  const mark = events.find((event) => event.name === 'TimeStamp' && String(event.args?.data?.message ?? '').startsWith(ROWS_MARK));
  if (!mark) {
    throw new Error('the trace holds no first-rows mark');
  }
  // `first-rows@<on screen>/<marked>`, both by the page's clock.
  const [rowsAt, markedAt] = String(mark.args?.data?.message).slice(ROWS_MARK.length).split('/').map(Number);
  const origin = mark.ts - (markedAt ?? 0) * 1000;
  const { pid, tid } = mark;
  const threadEvents = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return { pid, tid, origin, rowsTs: origin + (rowsAt ?? 0) * 1000, events: threadEvents, samples: profileSamples(events, pid, tid) };
}

/** The samples of the CPU profile recorded for the thread (Profile and ProfileChunk events). */
function profileSamples(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const profiles = new Map<string, { time: number; nodes: Map<number, ProfileNode>; samples: Sample[] }>();
  const samples: Sample[] = [];
  for (const event of events) {
    if (event.pid !== pid) {
      continue;
    }
    if (event.name === 'Profile' && event.id !== undefined && event.tid === tid) {
      profiles.set(event.id, { time: event.args?.data?.startTime ?? event.ts, nodes: new Map(), samples: [] });
    } else if (event.name === 'ProfileChunk' && event.id !== undefined) {
      const profile = profiles.get(event.id);
      if (!profile) {
        continue;
      }
      const data: TraceData = event.args?.data ?? {};
      for (const node of data.cpuProfile?.nodes ?? []) {
        node.nodes = profile.nodes;
        profile.nodes.set(node.id, node);
      }
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      ids.forEach((id, index) => {
        profile.time += deltas[index] ?? 0;
        const node = profile.nodes.get(id);
        if (node) {
          samples.push({ ts: profile.time, node });
        }
      });
    }
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

interface Task {
  start: number;
  duration: number;
  trigger: string;
  kinds: Map<string, number>;
  samples: Sample[];
  /** Style recalculations and layouts a script forced in the task: their time and the script's stack. */
  forced: { name: string; duration: number; stack: StackFrame[] }[];
}

/** The event names counted as one kind of work (self time of the timeline events inside a task). */
function kindOf(event: TraceEvent): string {
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'v8.callFunction':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'EventDispatch':
    case 'XHRReadyStateChange':
    case 'V8.Execute':
      return 'script';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.parseOnBackground':
    case 'V8.CompileLazy':
      return 'compile';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GCScavenger':
    case 'V8.GC_MC_BACKGROUND_MARKING':
    case 'BlinkGC.AtomicPhase':
    case 'ThreadState::performIdleLazySweep':
    case 'V8.GCIncrementalMarking':
    case 'V8.GCFinalizeMC':
    case 'V8.GCCompactor':
      return 'gc';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
    case 'ParseAuthorStyleSheet':
    case 'ScheduleStyleRecalculation':
      return 'style';
    case 'Layout':
    case 'UpdateLayer':
    case 'UpdateLayerTree':
    case 'PrePaint':
    case 'Layerize':
      return 'layout';
    case 'Paint':
    case 'PaintImage':
    case 'CompositeLayers':
    case 'Commit':
      return 'paint';
    case 'ParseHTML':
      return 'html';
    case 'RunTask':
      return 'other';
    default:
      return `other:${event.name}`;
  }
}

function describeTrigger(event: TraceEvent): string {
  const data: TraceData = event.args?.data ?? {};
  switch (event.name) {
    case 'EvaluateScript':
      return `evaluate ${chunkName(data.url ?? '')}`;
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `module ${chunkName(data.url ?? event.args?.fileName ?? '')}`;
    case 'FunctionCall':
      return `call ${data.functionName || '(anonymous)'} ${chunkName(data.url ?? '')}:${data.lineNumber ?? ''}`;
    case 'TimerFire':
      return `timer ${data.timerId ?? ''}`;
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'EventDispatch':
      return `event ${data.type ?? ''}`;
    case 'XHRReadyStateChange':
      return `xhr ${data.url ?? ''}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'RunMicrotasks':
      return 'microtasks';
    default:
      return event.name;
  }
}

function tasksOf(thread: MainThread, minMs: number): Task[] {
  const tasks: Task[] = [];
  const { events } = thread;
  for (let index = 0; index < events.length; index++) {
    const task = events[index];
    if (!task || task.name !== 'RunTask' || (task.dur ?? 0) < minMs * 1000 || task.ts > thread.rowsTs || task.ts < thread.origin - 1000) {
      continue;
    }
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && event.name !== 'RunTask');
    // Self time per kind: each event's duration less its direct children's.
    const kinds = new Map<string, number>();
    const stack: TraceEvent[] = [];
    const self = new Map<TraceEvent, number>();
    for (const event of inside) {
      while (stack.length > 0 && (stack[stack.length - 1]?.ts ?? 0) + (stack[stack.length - 1]?.dur ?? 0) <= event.ts) {
        stack.pop();
      }
      const parent = stack[stack.length - 1];
      self.set(event, event.dur ?? 0);
      if (parent) {
        self.set(parent, (self.get(parent) ?? 0) - (event.dur ?? 0));
      }
      stack.push(event);
    }
    let covered = 0;
    for (const [event, time] of self) {
      const kind = kindOf(event);
      kinds.set(kind, (kinds.get(kind) ?? 0) + time / 1000);
      covered += time;
    }
    kinds.set('(task itself)', ((task.dur ?? 0) - covered) / 1000);
    const first = inside.find((event) => !kindOf(event).startsWith('other')) ?? inside[0];
    tasks.push({
      start: (task.ts - thread.origin) / 1000,
      duration: (task.dur ?? 0) / 1000,
      trigger: first ? describeTrigger(first) : '(nothing traced)',
      kinds,
      samples: thread.samples.filter((sample) => sample.ts >= task.ts && sample.ts < end),
      forced: inside
        .filter((event) => (event.name === 'Layout' || event.name === 'UpdateLayoutTree') && (event.args?.beginData?.stackTrace?.length ?? 0) > 0)
        .map((event) => ({ name: event.name, duration: (event.dur ?? 0) / 1000, stack: event.args?.beginData?.stackTrace ?? [] })),
    });
  }
  return tasks;
}

// ---------------------------------------------------------------------------------------------
// The report.

function top(entries: Map<string, number>, count: number, total: number): string[] {
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .filter(([, time]) => time >= 0.5)
    .map(([name, time]) => `${time.toFixed(0).padStart(6)} ms ${((100 * time) / Math.max(total, 1)).toFixed(0).padStart(3)}%  ${name}`);
}

function report(tasks: Task[], symbolizer: Symbolizer, topCount: number): string {
  const lines: string[] = [];
  for (const task of tasks) {
    lines.push(`\n■ task at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(0)} ms — ${task.trigger}`);
    lines.push(
      `  by kind: ${[...task.kinds]
        .filter(([, time]) => time >= 1)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, time]) => `${kind} ${time.toFixed(0)}`)
        .join(', ')}`,
    );
    for (const forced of task.forced.filter((entry) => entry.duration >= 1)) {
      const frames = forced.stack.slice(0, 3).map((frame) => {
        const place = symbolizer.locate(frame.url, frame.lineNumber, frame.columnNumber);
        return place ? `${place.name ?? (frame.functionName || '(anonymous)')} ${place.source}:${place.line}` : `${frame.functionName || '(anonymous)'} ${chunkName(frame.url)}:${frame.lineNumber}`;
      });
      lines.push(`  forced ${forced.name === 'Layout' ? 'layout' : 'style'} ${forced.duration.toFixed(0)} ms by: ${frames.join(' ← ')}`);
    }
    if (task.samples.length === 0) {
      continue;
    }
    // Each sample stands for the time to the next one.
    const selfByFrame = new Map<string, number>();
    const selfByModule = new Map<string, number>();
    const selfByChunk = new Map<string, number>();
    const inclusiveByFrame = new Map<string, number>();
    const nodeName = new Map<ProfileNode, { frame: string; module: string; chunk: string }>();
    const name = (node: ProfileNode) => {
      let known = nodeName.get(node);
      if (!known) {
        const { functionName, url, lineNumber, columnNumber } = node.callFrame;
        const place = url ? symbolizer.locate(url, lineNumber, columnNumber) : null;
        const fn = functionName || '(anonymous)';
        known = place
          ? { frame: `${place.name && place.name !== fn ? `${fn}→${place.name}` : fn} ${place.source}:${place.line}`, module: moduleGroup(place.source), chunk: chunkName(url) }
          : { frame: url ? `${fn} ${chunkName(url)}:${lineNumber}` : fn, module: url ? chunkName(url) : fn, chunk: url ? chunkName(url) : fn };
        nodeName.set(node, known);
      }
      return known;
    };
    const total = task.duration;
    const nodes = task.samples[0]?.node.nodes ?? new Map<number, ProfileNode>();
    task.samples.forEach((sample, index) => {
      const next = task.samples[index + 1];
      const time = next ? (next.ts - sample.ts) / 1000 : 0;
      const known = name(sample.node);
      // A native function (no script) is named after the nearest script function that called it.
      let frame = known.frame;
      if (!sample.node.callFrame.url) {
        let parent = sample.node.parent === undefined ? undefined : nodes.get(sample.node.parent);
        while (parent && !parent.callFrame.url) {
          parent = parent.parent === undefined ? undefined : nodes.get(parent.parent);
        }
        if (parent) {
          frame = `${frame} ← ${name(parent).frame}`;
        }
      }
      selfByFrame.set(frame, (selfByFrame.get(frame) ?? 0) + time);
      selfByModule.set(known.module, (selfByModule.get(known.module) ?? 0) + time);
      selfByChunk.set(known.chunk, (selfByChunk.get(known.chunk) ?? 0) + time);
      // Inclusive: every function of the console's own sources on the stack, once.
      const seen = new Set<string>();
      for (let node: ProfileNode | undefined = sample.node; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
        const own = name(node);
        if (/^src\//.test(own.module) && !seen.has(own.frame)) {
          seen.add(own.frame);
          inclusiveByFrame.set(own.frame, (inclusiveByFrame.get(own.frame) ?? 0) + time);
        }
      }
    });
    lines.push('  self time by chunk:');
    lines.push(...top(selfByChunk, 8, total).map((line) => `    ${line}`));
    lines.push('  self time by package / source file:');
    lines.push(...top(selfByModule, topCount, total).map((line) => `    ${line}`));
    lines.push('  self time by function:');
    lines.push(...top(selfByFrame, topCount, total).map((line) => `    ${line}`));
    lines.push('  total time (with callees) of the console\'s own functions:');
    lines.push(...top(inclusiveByFrame, topCount, total).map((line) => `    ${line}`));
  }
  return lines.join('\n');
}

/**
 * The tasks of `tasks` and the page's requests (sent, answered; a finish time is in seconds of the
 * trace's clock) as one list in time order, in ms from the navigation, up to the rows.
 */
function timeline(thread: MainThread, events: TraceEvent[], tasks: Task[]): string {
  const lines: [number, string][] = tasks.map((task) => [task.start, `task   ${task.duration.toFixed(0).padStart(5)} ms  ${task.trigger}`]);
  const sent = new Map<string, { url: string; at: number }>();
  const ms = (ts: number) => (ts - thread.origin) / 1000;
  for (const event of events) {
    const data: TraceData = event.args?.data ?? {};
    if (event.pid !== thread.pid || !data.requestId) {
      continue;
    }
    if (event.name === 'ResourceSendRequest' && data.url) {
      const { pathname, search } = new URL(data.url);
      const url = `${data.requestMethod ?? 'GET'} ${pathname}${pathname === '/api/orders' && !search.includes('cursor=') ? ' (first page)' : ''}`;
      sent.set(data.requestId, { url, at: ms(event.ts) });
      lines.push([ms(event.ts), `sent            ${url}`]);
    } else if (event.name === 'ResourceFinish') {
      const request = sent.get(data.requestId);
      const at = data.finishTime ? ms(data.finishTime * 1_000_000) : ms(event.ts);
      if (request) {
        lines.push([at, `answered ${(at - request.at).toFixed(0).padStart(5)} ms  ${request.url}`]);
      }
    }
  }
  lines.push([ms(thread.rowsTs), 'rows on screen']);
  return lines
    .filter(([at]) => at <= ms(thread.rowsTs))
    .sort((a, b) => a[0] - b[0])
    .map(([at, text]) => `${at.toFixed(0).padStart(6)} ms  ${text}`)
    .join('\n');
}

// ---------------------------------------------------------------------------------------------

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function traceVisit(browser: Browser, context: BrowserContext, kind: FirstScreenKind): Promise<{ trace: TraceEvent[]; rowsAt: number }> {
  const page: Page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.addInitScript(watchFirstScreen, { probe: PROBES[kind], mark: ROWS_MARK });
    await browser.startTracing(page, { categories: CATEGORIES });
    // Told on the console, not polled (waitForFunction loads Playwright's injected script into the page, a long task of its own).
    const done = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(FIRST_SCREEN_DONE), timeout: 60_000 });
    done.catch(() => undefined);
    await page.goto(PATHS[kind], { waitUntil: 'commit' });
    await done;
    const rowsAt = await page.evaluate(() => (window as unknown as { __firstScreen: { rowsAt: number } }).__firstScreen.rowsAt);
    await page.waitForTimeout(200);
    const buffer = await browser.stopTracing();
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return { trace: Array.isArray(parsed) ? parsed : parsed.traceEvents, rowsAt };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const kind = (option('--kind') ?? 'console') as FirstScreenKind;
  const warm = process.argv.includes('--warm');
  const runs = Number(option('--runs') ?? 1);
  const minMs = Number(option('--min') ?? 50);
  const topCount = Number(option('--top') ?? 12);
  const save = option('--save');
  const { dir } = stageBuild(option('--dist') ?? path.join(ROOT, 'dist'));
  const distDir = path.join(dir, 'dist');
  const symbolizer = new Symbolizer(distDir);
  const tenant = DEMO_TENANTS[0];
  if (!tenant) {
    throw new Error('no demo tenant');
  }
  try {
    const cockpit = await startBackend({ STATIC_DIR: distDir, SEED_ORDERS: '10', SEED_TENANT_ORDERS: `${tenant.orderPrefix}=${SEED_ORDERS}` });
    try {
      const browser = await launchChromium();
      try {
        const { session } = await signIn(browser, cockpit.url, tenant.user);
        for (let run = 1; run <= runs; run++) {
          const context = await newContext(browser, cockpit.url, kind === 'login' ? undefined : session, warm);
          try {
            if (warm) {
              await firstVisit(context, kind);
            }
            const { trace, rowsAt } = await traceVisit(browser, context, kind);
            if (save) {
              writeFileSync(runs > 1 ? save.replace(/(\.json)?$/, `-${run}.json`) : save, JSON.stringify({ traceEvents: trace }));
            }
            const thread = findMainThread(trace);
            const tasks = tasksOf(thread, minMs);
            console.log(
              `\n=== ${kind}${warm ? ' (warm)' : ''} run ${run}: rows at ${rowsAt.toFixed(0)} ms; ` +
                `${tasks.length} tasks ≥ ${minMs} ms before them, longest ${Math.max(0, ...tasks.map((task) => task.duration)).toFixed(0)} ms`,
            );
            console.log(process.argv.includes('--timeline') ? timeline(thread, trace, tasks) : report(tasks, symbolizer, topCount));
          } finally {
            await context.close();
          }
        }
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

async function newContext(browser: Browser, url: string, session: StorageState | undefined, warm: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ ...CONTEXT, baseURL: url, serviceWorkers: warm ? 'allow' : 'block', storageState: session });
  // tsx (esbuild) keeps function names with a `__name` helper, also inside the functions handed to the page.
  await context.addInitScript('window.__name = (target) => target;');
  return context;
}

/** The first visit of a warm run, unthrottled, until the service worker controls the page. */
async function firstVisit(context: BrowserContext, kind: FirstScreenKind): Promise<void> {
  const page = await context.newPage();
  await page.goto(PATHS[kind]);
  await page.locator(PROBES[kind].selector).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 100 });
  await page.close();
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
