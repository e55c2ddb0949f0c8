// Lighthouse's warnings of the runs, for the section and the diagnostics.
import type { LighthouseResult } from './result';

/** Lighthouse's warnings of each page, with the runs that gave them and the requests left open. */
export function warningLines(result: LighthouseResult): string[] {
  return result.pages.flatMap((page) => {
    const warnings = [...new Set(page.runs.flatMap((run) => run.warnings))];
    const open = [...new Set(page.runs.flatMap((run) => run.unfinished))];
    return warnings.map((warning) => {
      const runs = page.runs.filter((run) => run.warnings.includes(warning)).length;
      return `- \`${page.path}\`, ${runs} of ${page.runs.length} runs: "${warning}"${open.length > 0 ? ` (requests still open at the end: ${open.map((url) => `\`${url}\``).join(', ')})` : ''}`;
    });
  });
}
