// The first-screen section of docs/benchmarks.md, from a run of run.ts.
import { longestTask, verdict } from '../shared/format';
import type { FirstScreenResult, FirstScreenSummary } from './result';

/** The start of the section's heading: `replaceSection` finds the section by it. */
export const FIRST_SCREEN_HEADING = '## First screen';

/** Targets of the first screen. */
export const FIRST_SCREEN_TARGETS = {
  /** The order open after a click on the first number, cold, at most this many times the floor's rows. */
  coldRowsRatio: 2.5,
  /** The same, returning (service worker in control), at most this many times the floor's second visit. */
  warmRowsRatio: 1.5,
  /** JS and CSS received before the order is open, in bytes. */
  ordersBytes: 250_000,
  /** JS and CSS received before the login form, in bytes. */
  loginBytes: 170_000,
  /** No task before the order is open longer than this, in ms. */
  longestTaskMs: 200,
};

const ms = (value: number | null) => (value === null ? '–' : `${value.toFixed(0)} ms`);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(1)}×`;
const longest = (value: number) => longestTask(value, ms);
const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const longTasks = (summary: FirstScreenSummary) =>
  `${count(summary.longTasks)} / ${longest(summary.longestTaskMs)} (worst run ${longest(summary.worstLongestTaskMs)})`;
const lists = (firstPage: number, furtherPages: number) => `${count(firstPage)} / ${count(furtherPages)}`;
const encodings = (summary: FirstScreenSummary) => (summary.encodings.length > 0 ? ` (${summary.encodings.join(', ')})` : '');

const usable = (summary: FirstScreenSummary, floor: FirstScreenSummary, most: number) => {
  const open = summary.openMs ?? Infinity;
  return `${ms(summary.openMs)} | ${ms(floor.rowsMs)} | ${ratio(open, floor.rowsMs)} | ≤ ${most}× the floor: ${verdict(open <= most * floor.rowsMs)} |`;
};
const clicks = (summary: FirstScreenSummary) => `${count(summary.clicks)} / ${summary.lostClicks} in ${summary.runs} runs`;

export function firstScreenTable(result: FirstScreenResult): string {
  const { console: cockpit, floor, login } = result.cold;
  const warm = result.warm;
  const targets = FIRST_SCREEN_TARGETS;
  const lost = cockpit.lostClicks + warm.console.lostClicks;
  const worst = Math.max(cockpit.worstLongestTaskMs, warm.console.worstLongestTaskMs);
  const mostFirstPages = Math.max(cockpit.mostListRequestsSettled, warm.console.mostListRequestsSettled);
  return [
    '| Figure (median) | Console | Floor (same run) | Ratio | Target |',
    '|---|---:|---:|---:|---|',
    `| **usable rows, cold:** the order open after a click on the first number (floor: its rows on screen) | ${usable(cockpit, floor, targets.coldRowsRatio)}`,
    `| **usable rows, returning** (second visit, service worker in control) | ${usable(warm.console, warm.floor, targets.warmRowsRatio)}`,
    `| clicks sent per run / clicks that opened nothing, cold | ${clicks(cockpit)} | – | – | – |`,
    `| clicks sent per run / clicks that opened nothing, returning | ${clicks(warm.console)} | – | – | no click lost: ${verdict(lost === 0)} |`,
    `| first order number on screen, cold / returning | ${ms(cockpit.rowsMs)} / ${ms(warm.console.rowsMs)} | ${ms(floor.rowsMs)} / ${ms(warm.floor.rowsMs)} | – | – |`,
    `| first contentful paint, cold | ${ms(cockpit.fcpMs)} | ${ms(floor.fcpMs)} | – | – |`,
    `| HTML received / first list request sent → answered, cold | ${ms(cockpit.documentMs)} / ${ms(cockpit.listSentMs)} → ${ms(cockpit.listAnsweredMs)} | ${ms(floor.documentMs)} / ${ms(floor.listSentMs)} → ${ms(floor.listAnsweredMs)} | – | – |`,
    `| long tasks before the order is open, cold: count / longest | ${longTasks(cockpit)} | ${longTasks(floor)} | – | – |`,
    `| long tasks before the order is open, returning: count / longest | ${longTasks(warm.console)} | ${longTasks(warm.floor)} | – | none over ${targets.longestTaskMs} ms in any run: ${verdict(worst <= targets.longestTaskMs)} |`,
    `| JS + CSS on the wire before the order is open, cold | ${kB(cockpit.scriptCssBytes)}${encodings(cockpit)} | ${kB(floor.scriptCssBytes)}${encodings(floor)} | – | ≤ ${kB(targets.ordersBytes)}: ${verdict(cockpit.scriptCssBytes <= targets.ordersBytes)} |`,
    `| requests before the order is open, cold | ${count(cockpit.requests)} | ${count(floor.requests)} | – | – |`,
    `| \`GET /api/orders\` until 3 s after the order is open, cold: first page / further pages (most first pages in any run, cold or returning) | ${lists(cockpit.listRequestsSettled, cockpit.pageRequestsSettled)} (${mostFirstPages}) | ${lists(floor.listRequestsSettled, floor.pageRequestsSettled)} | – | exactly one first-page request: ${verdict(mostFirstPages === 1 && cockpit.listRequestsSettled === 1)} |`,
    `| \`/login\` signed out: form visible / first contentful paint | ${ms(login.rowsMs)} / ${ms(login.fcpMs)} | – | – | – |`,
    `| \`/login\`: JS + CSS on the wire before the form / requests | ${kB(login.scriptCssBytes)}${encodings(login)} / ${count(login.requests)} | – | – | ≤ ${kB(targets.loginBytes)}: ${verdict(login.scriptCssBytes <= targets.loginBytes)} |`,
    `| \`/login\`: long tasks before the form: count / longest | ${longTasks(login)} | – | – | – |`,
  ].join('\n');
}

export function firstScreenSection(result: FirstScreenResult): string {
  const runs = result.cold.console.runs;
  const query = result.listQuery === null ? 'no list request' : `\`GET /api/orders?${result.listQuery}\``;
  return [
    `${FIRST_SCREEN_HEADING}: \`/orders\` signed in, an order opened by a click, Chromium, CPU throttled ${result.cpuThrottling}×`,
    '',
    `Run on ${result.date.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${result.machine}, Chromium ${result.chromium}; build of commit ${result.build.replace(/\+$/, ' with uncommitted changes')}; ` +
      `load average ${result.loadAverage[0].toFixed(1)} at the start, ${result.loadAverage[1].toFixed(1)} at the end.`,
    '',
    'Made by `npx tsx scripts/bench/firstScreen/main.ts` (also part of `npm run bench`). The operator\'s figure is',
    'rows they can use: from the start of the navigation until an order is open beside the list after a',
    'click on the first order number on top of the page, the click sent through Chromium\'s input (CDP',
    '`Input.dispatchMouseEvent`) as soon as the number is on screen and again every 100 ms until the order',
    'is open (the drawer showing the order, after the frame that laid it out). A click the page received',
    'before the one that opened the order (the address became the order\'s) opened nothing and counts as',
    'lost. The floor is a plain HTML page served by the same backend (scripts/bench/firstScreen/floor/, put into a copy',
    'of the build) that reads the session the console keeps, asks the same first page and shows its',
    `columns as a \`<table>\` with no framework; its figure is its rows on screen. Medians of ${runs} runs each;`,
    'console and floor alternate. Cold: a fresh browser context per run (empty cache, service workers',
    'blocked), signed in as the German operator. Returning: a first visit installs the service worker (the',
    'floor: fills the cache), a second page in the same context is measured. Numbers on screen are timed',
    'by Element Timing (the presentation of the frame that shows them). Bytes as received (headers and',
    'compressed body) of the scripts and style sheets requested before the order is open, with their',
    'content encodings; 1 kB = 1000 bytes; long tasks are those the browser reports (50 ms and more).',
    '',
    `${result.ordersInRange} orders in this week; the first list request was ${query}${result.sameListQuery ? ', the same in every console and floor run' : ' (**console and floor asked differently**)'}.`,
    '',
    firstScreenTable(result),
    '',
  ].join('\n');
}
