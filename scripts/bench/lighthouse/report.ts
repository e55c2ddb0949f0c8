// The Lighthouse section of docs/benchmarks.md.
import { verdict } from '../shared/format';
import type { LighthousePageResult, LighthouseResult, LighthouseRun } from './result';
import { warningLines } from './warnings';

/** The issue's targets, for both pages. */
export const LIGHTHOUSE_TARGETS = { performance: 98, lcpMs: 2500, tbtMs: 100, accessibility: 100 };

/** The start of the section's heading (for `replaceSection`). */
export const LIGHTHOUSE_HEADING = '## Lighthouse';

const ms = (value: number) => `${value.toFixed(0)} ms`;
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
    'Made by `npx tsx scripts/bench/lighthouse/main.ts` (also part of `npm run bench`): Lighthouse run',
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
