// The first-screen section of docs/benchmarks.md, from a run of scripts/bench-firstScreen.ts.
import type { FirstScreenResult, FirstScreenSummary } from '../bench-firstScreen';

/** The start of the section's heading: `replaceSection` finds the section by it. */
export const FIRST_SCREEN_HEADING = '## First screen';

/** Targets of the first screen. */
export const FIRST_SCREEN_TARGETS = {
  /** Rows on screen, cold, at most this many times the floor's. */
  coldRowsRatio: 2.5,
  /** Rows on screen, warm (service worker), at most this many times the floor's second visit. */
  warmRowsRatio: 1.5,
  /** JS and CSS received before the rows, in bytes. */
  ordersBytes: 220_000,
  /** JS and CSS received before the login form, in bytes. */
  loginBytes: 150_000,
  /** No task before the rows longer than this, in ms. */
  longestTaskMs: 200,
};

const ms = (value: number | null) => (value === null ? '–' : `${value.toFixed(0)} ms`);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(1)}×`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
/** The browser reports only tasks of 50 ms and more. */
const longest = (value: number) => (value > 0 ? ms(value) : 'under 50 ms');
const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const longTasks = (summary: FirstScreenSummary) =>
  `${count(summary.longTasks)} / ${longest(summary.longestTaskMs)} (worst run ${longest(summary.worstLongestTaskMs)})`;
const lists = (firstPage: number, furtherPages: number) => `${count(firstPage)} / ${count(furtherPages)}`;
const encodings = (summary: FirstScreenSummary) => (summary.encodings.length > 0 ? ` (${summary.encodings.join(', ')})` : '');

export function firstScreenTable(result: FirstScreenResult): string {
  const { console: cockpit, floor, login } = result.cold;
  const warm = result.warm;
  const targets = FIRST_SCREEN_TARGETS;
  return [
    '| Figure (median) | Console | Floor (same run) | Ratio | Target |',
    '|---|---:|---:|---:|---|',
    `| rows on screen, cold | ${ms(cockpit.rowsMs)} | ${ms(floor.rowsMs)} | ${ratio(cockpit.rowsMs, floor.rowsMs)} | ≤ ${targets.coldRowsRatio}× the floor: ${verdict(cockpit.rowsMs <= targets.coldRowsRatio * floor.rowsMs)} |`,
    `| the console's own grid on screen (its rows take a click), cold | ${ms(cockpit.gridMs)} | – | – | – |`,
    `| first contentful paint, cold | ${ms(cockpit.fcpMs)} | ${ms(floor.fcpMs)} | – | – |`,
    `| HTML received / first list request sent → answered, cold | ${ms(cockpit.documentMs)} / ${ms(cockpit.listSentMs)} → ${ms(cockpit.listAnsweredMs)} | ${ms(floor.documentMs)} / ${ms(floor.listSentMs)} → ${ms(floor.listAnsweredMs)} | – | – |`,
    `| long tasks before the rows: count / longest | ${longTasks(cockpit)} | ${longTasks(floor)} | – | none over ${targets.longestTaskMs} ms: ${verdict(cockpit.longestTaskMs <= targets.longestTaskMs)} |`,
    `| JS + CSS on the wire before the rows | ${kB(cockpit.scriptCssBytes)}${encodings(cockpit)} | ${kB(floor.scriptCssBytes)}${encodings(floor)} | – | ≤ ${kB(targets.ordersBytes)}: ${verdict(cockpit.scriptCssBytes <= targets.ordersBytes)} |`,
    `| requests before the rows | ${count(cockpit.requests)} | ${count(floor.requests)} | – | – |`,
    `| \`GET /api/orders\` before the rows: first page / further pages (with a cursor) | ${lists(cockpit.listRequests, cockpit.pageRequests)} | ${lists(floor.listRequests, floor.pageRequests)} | – | exactly one first-page request: ${verdict(cockpit.listRequests === 1)} |`,
    `| \`GET /api/orders\` until 3 s after the rows: first page / further pages | ${lists(cockpit.listRequestsSettled, cockpit.pageRequestsSettled)} | ${lists(floor.listRequestsSettled, floor.pageRequestsSettled)} | – | – |`,
    `| rows on screen, warm (second visit, service worker in control) | ${ms(warm.console.rowsMs)} | ${ms(warm.floor.rowsMs)} | ${ratio(warm.console.rowsMs, warm.floor.rowsMs)} | ≤ ${targets.warmRowsRatio}× the floor: ${verdict(warm.console.rowsMs <= targets.warmRowsRatio * warm.floor.rowsMs)} |`,
    `| the console's own grid on screen, warm | ${ms(warm.console.gridMs)} | – | – | – |`,
    `| long tasks before the rows, warm: count / longest | ${longTasks(warm.console)} | ${longTasks(warm.floor)} | – | – |`,
    `| \`/login\` signed out: form visible / first contentful paint | ${ms(login.rowsMs)} / ${ms(login.fcpMs)} | – | – | – |`,
    `| \`/login\`: JS + CSS on the wire before the form / requests | ${kB(login.scriptCssBytes)}${encodings(login)} / ${count(login.requests)} | – | – | ≤ ${kB(targets.loginBytes)}: ${verdict(login.scriptCssBytes <= targets.loginBytes)} |`,
    `| \`/login\`: long tasks before the form: count / longest | ${longTasks(login)} | – | – | – |`,
  ].join('\n');
}

export function firstScreenSection(result: FirstScreenResult): string {
  const runs = result.cold.console.runs;
  const query = result.listQuery === null ? 'no list request' : `\`GET /api/orders?${result.listQuery}\``;
  return [
    `${FIRST_SCREEN_HEADING}: \`/orders\` signed in, Chromium, CPU throttled ${result.cpuThrottling}×`,
    '',
    `Run on ${result.date.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${result.machine}, Chromium ${result.chromium}; build of commit ${result.build.replace(/\+$/, ' with uncommitted changes')}; ` +
      `load average ${result.loadAverage[0].toFixed(1)} at the start, ${result.loadAverage[1].toFixed(1)} at the end.`,
    '',
    `Made by \`npx tsx scripts/bench-firstScreen.ts\` (also part of \`npm run bench\`). The floor is a plain HTML page`,
    'served by the same backend (scripts/bench/floor/, put into a copy of the build) that reads the',
    'session the console keeps, asks the same first page and shows its columns as a `<table>` with no',
    `framework. Medians of ${runs} runs each; console and floor alternate. Cold: a fresh browser context`,
    'per run (empty cache, service workers blocked), signed in as the German operator. Warm: a first',
    'visit installs the service worker (the floor: fills the cache), a second page in the same context',
    'is measured. Times count from the start of the navigation; rows on screen is the presentation of the',
    "frame that first shows a data row's order number (Element Timing), the console's grid's or the rows",
    'the entry draws before the console exists (`.cockpit-first-rows`); the console\'s own grid is timed',
    'the same way, by the first cell of its first row. Bytes as received (headers and compressed body) of the',
    'scripts and style sheets requested before the rows, with their content encodings; 1 kB = 1000 bytes;',
    'long tasks are those the browser reports (50 ms and more).',
    '',
    `${result.ordersInRange} orders in this week; the first list request was ${query}${result.sameListQuery ? ', the same in every console and floor run' : ' (**console and floor asked differently**)'}.`,
    '',
    firstScreenTable(result),
    '',
  ].join('\n');
}

/** `document` with the section whose heading starts with `heading` replaced by `section` (appended when missing). */
export function replaceSection(document: string, heading: string, section: string): string {
  const lines = document.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  const body = section.trimEnd().split('\n');
  if (start < 0) {
    return `${document.trimEnd()}\n\n${body.join('\n')}\n`;
  }
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const end = next < 0 ? lines.length : next;
  const after = lines.slice(end);
  return [...lines.slice(0, start), ...body, ...(after.length > 0 ? ['', ...after] : [''])].join('\n');
}
