// The planning board's section of docs/benchmarks.md, from a run of run.ts.
import { longestTask, verdict } from '../shared/format';
import { median } from '../shared/median';
import { percentile } from '../shared/percentile';
import type { PlanningResult } from './result';

/** The start of the section's heading: `replaceSection` finds the section by it. */
export const PLANNING_HEADING = '## Planning board';

/** Targets: the first view within this many times the list's first rows; no frame of a drag longer than this. */
export const PLANNING_TARGETS = { viewRatio: 2, frameMs: 50 };

const ms = (value: number) => `${value.toFixed(0)} ms`;

export function planningSection(result: PlanningResult): string {
  const ratio = result.boardViewMs / result.listRowsMs;
  const frames = result.drags.flatMap((drag) => drag.frames);
  const longTasks = result.drags.flatMap((drag) => drag.longTasks);
  const longest = Math.max(...frames);
  const over = frames.filter((frame) => frame > PLANNING_TARGETS.frameMs).length;
  const rows = result.rowsInView.map((row) => `${row.station} (${row.bars} bars)`).join(', ');
  const dragged = result.drags.map((drag) => `${drag.station} (${drag.rowBars} bars)`).join(', ');
  return [
    `${PLANNING_HEADING}: a week with ${result.ordersInRange.toLocaleString('en')} orders, Chromium, CPU throttled ${result.cpuThrottling}×`,
    '',
    `Run on ${result.date.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${result.machine}, Chromium ${result.chromium}; ` +
      `load average ${result.loadAverage[0].toFixed(1)} at the start, ${result.loadAverage[1].toFixed(1)} at the end (a shared machine).`,
    '',
    'Made by `npx tsx scripts/bench/main.ts planning` (also part of `npm run bench`). One backend (embedded',
    'database) with the demo seeding of the German tenant, enough orders over its 121 days that this week',
    'holds the number above, spread over its stations and working hours as the seeding spreads them. A',
    `signed-in operator opens \`/orders\` and \`/planning\` cold in turn (a fresh browser context per run: empty cache,`,
    `service workers blocked), window ${result.viewport.width}×${result.viewport.height}, the CPU slowed down ${result.cpuThrottling}× (CDP \`Emulation.setCPUThrottlingRate\`).`,
    '',
    '- **List, first rows:** the first-screen bench\'s measure: from the start of the navigation until the first',
    '  cell of the list\'s first row (the order number) is presented, by Element Timing.',
    '- **Board, first view:** from the start of the navigation until every station row that lies in the window',
    '  holds all its bars, final: the row says it is no longer busy (`aria-busy="false"`; before rows said so,',
    '  the whole board no longer busy), taken in a timer after the frame that laid it out (a little after that',
    '  frame is shown: this errs against the board). The bars are the real elements an operator clicks and',
    '  drags. After every page is read the bench checks that each of these rows holds the bars it held at the',
    '  first view (the run fails otherwise).',
    '- **Drag:** the board open with every page read; a bar of the densest row on screen pressed with the',
    `  mouse, moved 4 px a frame (one move, then the next animation frame) across the row and back, and let go, ${result.drags.length} times;`,
    '  each frame\'s length from one `requestAnimationFrame` to the next: what the operator sees, work and',
    '  drawing together. (Beside it, the long tasks the browser reports meanwhile; a performance trace of the',
    '  same drag showed its long tasks at the same moves, so the cheaper in-page measure was kept.)',
    '',
    `Rows in the window at the first view: ${rows}. Dragged in: ${dragged}.`,
    '',
    '| Figure (median) | Value | Target |',
    '|---|---:|---|',
    `| list, first rows | ${ms(result.listRowsMs)} | – |`,
    `| board, first view | ${ms(result.boardViewMs)} | – |`,
    `| board / list (ratio of the medians; median of the runs' ratios) | ${ratio.toFixed(2)}× (${median(result.ratios).toFixed(2)}×) | ≤ ${PLANNING_TARGETS.viewRatio}×: ${verdict(ratio <= PLANNING_TARGETS.viewRatio)} |`,
    `| board, every page read | ${ms(result.boardAllReadMs)} | – |`,
    `| longest task before the first view / before the list's rows | ${longestTask(result.boardLongestTaskMs, ms)} / ${longestTask(result.listLongestTaskMs, ms)} | – |`,
    `| drag: frames / longest / p95 / over ${PLANNING_TARGETS.frameMs} ms | ${frames.length} / ${ms(longest)} / ${ms(percentile(frames, 95))} / ${over} | every frame ≤ ${PLANNING_TARGETS.frameMs} ms: ${verdict(over === 0)} |`,
    `| drag: long tasks / longest | ${longTasks.length} / ${longestTask(Math.max(0, ...longTasks), ms)} | – |`,
    '',
    `Every run (ms), list: ${result.list.map((value) => value.toFixed(0)).join(', ')}; board: ${result.board.map((value) => value.toFixed(0)).join(', ')}.`,
    '',
    `Drag frames over ${PLANNING_TARGETS.frameMs} ms, each with the move it followed (moves 1–120 out, 121–240 back; \`down\` the press, \`up\` letting go): ` +
      `${result.drags.map((drag, index) => `drag ${index + 1}: ${drag.long.join(', ') || 'none'}`).join('; ')}.`,
    '',
  ].join('\n');
}
