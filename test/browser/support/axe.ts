import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

/** axe-core's engine as one script (`axe.source`), read once per test process. */
let axeSource: string | null = null;

/**
 * Puts axe-core into every page of `context` before the page's own scripts run, once for the
 * context: every document the context loads has `window.axe` without being injected again per check.
 */
export async function injectAxe(context: BrowserContext): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await context.addInitScript({ content: axeSource });
}

/** One axe violation as the test prints it: the rule, its impact, and where. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** The impacts a test fails on (WCAG 2.2 AA: what blocks or seriously hinders an operator). */
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now (WCAG 2.0–2.2 A and AA rules, and axe's best practices that
 * concern them) and answers the serious and critical violations.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const violations = await page.evaluate(async () => {
    type Axe = {
      run(context: Document, options: object): Promise<{
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
      }>;
    };
    const axe = (window as unknown as { axe?: Axe }).axe;
    if (!axe) {
      throw new Error('axe-core is not in the page: injectAxe(context) before the page opened');
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), summary: node.failureSummary ?? '' })),
    }));
  });
  return violations.filter((violation) => FAILING.has(violation.impact));
}

/** Waits until the styles of the page are in effect and every animation and transition has ended. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The toasts on the page as their classes: a toast coming or going has Blueprint's enter or exit classes. */
const toasts = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('.bp6-toast'), (toast) => toast.className).join('|'));

/**
 * `axeViolations` of the page at rest: once its transitions have ended, and measured again when a
 * toast came or went while axe ran (a toast whose time ran out fades away; measured mid-fade, its
 * text is a blend of its colour and the page's). A toast that stays is measured like the rest.
 */
export async function steadyAxeViolations(page: Page): Promise<AxeFinding[]> {
  for (let attempt = 1; ; attempt++) {
    await settled(page);
    const before = await toasts(page);
    const found = await axeViolations(page);
    const after = await toasts(page);
    const moving = /toast-(appear|enter|exit)/.test(before + after);
    if ((before === after && !moving) || attempt === 3) {
      return found;
    }
  }
}

/** The findings as lines a failing test prints: rule, impact and help, then each target with its summary. */
export function describeFindings(where: string, findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${where}: ${finding.rule} (${finding.impact}) ${finding.help}\n` +
        finding.nodes.map((node) => `    ${node.target}\n      ${node.summary.replace(/\n/g, '\n      ')}`).join('\n'),
    )
    .join('\n');
}
