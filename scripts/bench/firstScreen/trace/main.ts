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
// `npx tsx scripts/bench/firstScreen/trace/main.ts [--dist <folder>] [--kind console|login] [--warm]
//   [--runs <n>] [--min <ms>] [--top <n>] [--save <trace.json>] [--timeline]`
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { DEMO_TENANTS } from '../../../../server/seed/demoAccounts';
import { launchChromium } from '../../../../test/browser/support/chromium';
import { newBenchContext } from '../../shared/chromium';
import { option, runCli } from '../../shared/cli';
import { firstVisit } from '../firstVisit';
import type { FirstScreenKind } from '../probe';
import { signIn, type StorageState } from '../session';
import { withStagedCockpit } from '../stagedCockpit';
import { findMainThread } from './mainThread';
import { report } from './report';
import { Symbolizer } from './sourceMaps';
import { tasksOf } from './tasks';
import { timeline } from './timeline';
import { traceVisit } from './visit';

async function main(): Promise<void> {
  const kind = (option('--kind') ?? 'console') as FirstScreenKind;
  const warm = process.argv.includes('--warm');
  const runs = Number(option('--runs') ?? 1);
  const minMs = Number(option('--min') ?? 50);
  const topCount = Number(option('--top') ?? 12);
  const save = option('--save');
  const tenant = DEMO_TENANTS[0];
  if (!tenant) {
    throw new Error('no demo tenant');
  }
  await withStagedCockpit(option('--dist'), async (cockpit) => {
    const symbolizer = new Symbolizer(cockpit.distDir);
    const browser = await launchChromium();
    try {
      const { session } = await signIn(browser, cockpit.url, tenant.user);
      for (let run = 1; run <= runs; run++) {
        const context = await newContext(browser, cockpit.url, kind === 'login' ? undefined : session, warm);
        try {
          if (warm) {
            await firstVisit(context, kind, true);
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
  });
}

/** A context for a run: signed in (or not, for `/login`), the service worker allowed only when warm. */
function newContext(browser: Browser, url: string, session: StorageState | undefined, warm: boolean): Promise<BrowserContext> {
  return newBenchContext(browser, { baseURL: url, serviceWorkers: warm ? 'allow' : 'block', storageState: session });
}

runCli(main);
