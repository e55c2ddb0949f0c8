// docs/benchmarks.md, where every bench puts its sections: each run replaces only the sections it
// measured (found by their headings), and keeps every other one, written by hand or by another run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { replaceSection } from './replaceSection';

export const BENCHMARKS_FILE = path.resolve(__dirname, '..', '..', '..', 'docs', 'benchmarks.md');

/** A section a bench measured: its heading's start (as `replaceSection` finds it), its text, and where it goes when the file has none yet. */
export interface BenchSection {
  heading: string;
  text: string;
  /** The heading's start of the section it goes before when missing; else it is appended. */
  before?: string;
}

/** `document` with `sections` in place, each replaced or added. */
export function withSections(document: string, sections: readonly BenchSection[]): string {
  return sections.reduce((text, section) => replaceSection(text, section.heading, section.text, section.before), document);
}

/** Puts `sections` into `file` (docs/benchmarks.md), leaving its other sections as they are. */
export function writeSections(sections: readonly BenchSection[], file = BENCHMARKS_FILE): void {
  const document = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, withSections(document, sections));
}
