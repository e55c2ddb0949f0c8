// A Lighthouse report (its result object) read into the bench's figures, and the runs of a page into
// their medians.
import type { Result } from 'lighthouse';
import { median } from '../shared/median';
import type { Diagnostic, DiagnosticItem, FailingAudit, LighthouseNode, LighthousePagePath, LighthousePageResult, LighthouseRun } from './result';
import type { PageSeen } from './watchPage';

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

export function runOf({ lhr, seen }: { lhr: Result; seen: PageSeen }): LighthouseRun {
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

export function summarize(path: LighthousePagePath, signedIn: boolean, runs: LighthouseRun[]): LighthousePageResult {
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

