// The Lighthouse bench's diagnostics of the median runs, printed on its own (`main.ts`).
import { countedByLighthouse, type LayoutShift } from './layoutShifts';
import type { Diagnostic, LighthouseResult, LighthouseRun } from './result';

const ms = (value: number) => `${value.toFixed(0)} ms`;

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
