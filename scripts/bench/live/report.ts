// The live bench's section of docs/benchmarks.md.
import { longestTask, verdict } from '../shared/format';
import type { LiveBenchResult } from './run';

/** The start of the section's heading (for `replaceSection`). */
export const LIVE_HEADING = '## Live changes:';

const ms = (value: number) => value.toFixed(0);
const longest = (value: number) => longestTask(value, (shown) => `${ms(shown)} ms`);

function liveTable(result: LiveBenchResult): string {
  return [
    '| Figure | Value | Target |',
    '|---|---:|---|',
    `| changes sent (asked ${result.eventsPerSecondAsked}/s for 10 s) | ${result.events} (${result.eventsPerSecondReached}/s reached) | – |`,
    `| event leaves the backend → row shows it, p50 / p95 / max (${result.measured} changes) | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.max)} ms | p95 < 250 ms: ${verdict(result.p95 < 250)} |`,
    `| longest main-thread task meanwhile (tasks of 50 ms and more in ${Math.round(result.seconds)} s) | ${longest(result.longestTaskMs)} (${result.longTasks}) | < 50 ms: ${verdict(result.longestTaskMs < 50)} |`,
  ].join('\n');
}

export function liveSection(live: LiveBenchResult): string {
  return [
    `## Live changes: ${live.orders.toLocaleString('en')} orders in range, Chromium, CPU throttled ${live.cpuThrottling}×`,
    '',
    'The changes go to the rows on screen (each changes the station column), sent on a fixed schedule;',
    'the changes due at a moment are written in one database transaction, each with its own event. A',
    'change counts as shown when its row first shows it or a later',
    'change of the same row (the console applies a burst in batches, at most ten a second). Measured from the moment the',
    'backend hands the committed event to the open streams to the frame that shows the row.',
    '',
    liveTable(live),
  ].join('\n');
}
