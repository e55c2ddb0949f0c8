import type { Page } from 'playwright-core';
import { describeFindings, steadyAxeViolations } from './axe';

const SCHEMES = ['light', 'dark'] as const;

/** What a run of audits has measured and found, over the states it visited. */
export interface AuditLog {
  /** Every state measured, as `state (language, scheme)`. */
  readonly checked: string[];
  /** The serious and critical findings, described for a failing test's message. */
  readonly findings: string[];
}

/**
 * An audit of the state `page` is in, in both colour schemes (the console follows the system's):
 * each measured at rest, its findings added to `log`. One signed-in page serves every state, so a
 * state is reached by the operator's own steps rather than a reload.
 */
export function auditInSchemes(page: Page, language: string, log: AuditLog): (state: string) => Promise<void> {
  return async (state) => {
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      // The console follows the system's scheme; the dark one once its stylesheet has loaded.
      await page.waitForFunction((dark) => document.body.classList.contains('bp6-dark') === dark, colorScheme === 'dark');
      // The scheme's styles are in effect in the next frame; a dialog, drawer or toast still fading
      // would be measured in blended colours, so the page is measured at rest.
      const where = `${state} (${language}, ${colorScheme})`;
      log.checked.push(where);
      const found = await steadyAxeViolations(page);
      if (found.length > 0) {
        log.findings.push(describeFindings(where, found));
      }
    }
  };
}

/** Fails with every finding of `log`, if any. */
export function expectNoFindings(log: AuditLog): void {
  if (log.findings.length > 0) {
    throw new Error(`axe found serious or critical violations:\n${log.findings.join('\n')}`);
  }
}
