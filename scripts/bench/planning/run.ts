// The planning board's part of `npm run bench`: one company with a week of about 5 000 orders (the demo
// seeding, its orders spread over the tenant's stations and working hours, enough of them that this
// week holds that many), a signed-in operator opening the orders list and the planning board cold in
// turn, Chromium with the CPU slowed down four times, at 1280×800; then bars dragged on the board.
//
// On its own: main.ts.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { signIn } from '../firstScreen/session';
import { CPU_THROTTLING, launchBenchChromium, newBenchContext } from '../shared/chromium';
import { machineDescription } from '../shared/machine';
import { median } from '../shared/median';
import { startBackend } from '../shared/startBackend';
import { dragBars } from './drag';
import type { PlanningResult } from './result';
import { planningVisit, type PlanningKind, type PlanningSample } from './visit';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Orders seeded into the German tenant over its 121 days: about 5 000 of them lie in any one week. */
export const PLANNING_SEED_ORDERS = 73_600;
/** The window of a modest laptop. */
export const PLANNING_VIEWPORT = { width: 1280, height: 800 };

export interface PlanningOptions {
  distDir?: string;
  /** Runs of each kind (list, board), alternating. */
  runs?: number;
  drags?: number;
  log?: (line: string) => void;
}

export async function runPlanningBench(options: PlanningOptions = {}): Promise<PlanningResult> {
  const log = options.log ?? (() => undefined);
  const runs = options.runs ?? 7;
  const tenant = DEMO_TENANTS[0];
  if (!tenant) throw new Error('no demo tenant');
  const distDir = options.distDir ?? path.join(ROOT, 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`no console build in ${distDir}`);
  const staged = mkdtempSync(path.join(os.tmpdir(), 'cockpit-planning-'));
  cpSync(distDir, staged, { recursive: true });
  const loadBefore = os.loadavg()[0] ?? 0;
  log(`seeding ${PLANNING_SEED_ORDERS} orders…`);
  const backend = await startBackend({ STATIC_DIR: staged, SEED_ORDERS: '10', SEED_TENANT_ORDERS: `${tenant.orderPrefix}=${PLANNING_SEED_ORDERS}` }, 600_000);
  const browser = await launchBenchChromium();
  try {
    const { session, ordersInRange } = await signIn(browser, backend.url, tenant.user);
    log(`${ordersInRange} orders in this week`);
    const context = () => newBenchContext(browser, { baseURL: backend.url, serviceWorkers: 'block', storageState: session, viewport: PLANNING_VIEWPORT });
    const samples: Record<PlanningKind, PlanningSample[]> = { list: [], board: [] };
    for (let run = 0; run < runs; run++) {
      for (const kind of ['list', 'board'] as const) {
        const visitContext = await context();
        try {
          const sample = await planningVisit(visitContext, kind);
          samples[kind].push(sample);
          log(`${kind} ${run + 1}: ${sample.ms.toFixed(0)} ms${sample.allBarsMs === null ? '' : `, all read at ${sample.allBarsMs.toFixed(0)} ms, rows in view ${sample.rows.map((row) => `${row.station} ${row.bars}`).join(', ')}`}`);
          if (sample.requests.length > 0) log(`  requests before it: ${sample.requests.join('; ')}`);
        } finally {
          await visitContext.close();
        }
      }
    }
    const dragContext = await context();
    let drags;
    try {
      drags = await dragBars(dragContext, options.drags ?? 3);
    } finally {
      await dragContext.close();
    }
    for (const drag of drags) log(`drag in ${drag.station} (${drag.rowBars} bars): ${drag.frames.length} frames, longest ${Math.max(...drag.frames).toFixed(0)} ms; over 50 ms after move: ${drag.long.join(', ')}`);
    const list = samples.list.map((sample) => sample.ms);
    const board = samples.board.map((sample) => sample.ms);
    return {
      date: new Date(),
      machine: machineDescription(),
      chromium: browser.version(),
      cpuThrottling: CPU_THROTTLING,
      viewport: PLANNING_VIEWPORT,
      loadAverage: [loadBefore, os.loadavg()[0] ?? 0],
      ordersInRange,
      runs,
      listRowsMs: median(list),
      boardViewMs: median(board),
      ratios: samples.board.map((sample, index) => sample.ms / (samples.list[index]?.ms ?? NaN)),
      boardAllReadMs: median(samples.board.map((sample) => sample.allBarsMs ?? NaN)),
      boardLongestTaskMs: median(samples.board.map((sample) => sample.longestTaskMs)),
      listLongestTaskMs: median(samples.list.map((sample) => sample.longestTaskMs)),
      rowsInView: samples.board[0]?.rows ?? [],
      list,
      board,
      drags,
    };
  } finally {
    await browser.close();
    await backend.close();
    rmSync(staged, { recursive: true, force: true });
  }
}
