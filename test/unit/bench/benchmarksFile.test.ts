import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withSections, writeSections } from '../../../scripts/bench/shared/benchmarksFile';

/** docs/benchmarks.md as a run of `npm run bench` finds it: its own sections among others written by hand or by other runs. */
const DOCUMENT = [
  '# Benchmarks',
  '',
  'Run on 2026-11-24: old machine.',
  '',
  '## Backend: order list with 1,000 orders in one tenant',
  '',
  'old backend table',
  '',
  '### Filters by station (written by hand)',
  '',
  'old filter notes',
  '',
  '## Cluster: 3 processes on PostgreSQL',
  '',
  'cluster table of another run',
  '',
  '## The cost of a change (PostgreSQL)',
  '',
  'written by hand',
  '',
  '## Contract fuzzing',
  '',
  'fuzzing notes',
  '',
  '## Measurements behind the design',
  '',
  'design notes',
  '',
].join('\n');

const RUN = [
  { heading: '# Benchmarks', text: '# Benchmarks\n\nRun on 2026-12-06: new machine.\n' },
  { heading: '## Backend:', text: '## Backend: order list with 1,000,000 orders in one tenant\n\nnew backend table\n' },
  { heading: "## Several orders at once, and an order's history", text: "## Several orders at once, and an order's history\n\nnew order writes\n", before: '## Measurements behind the design' },
  { heading: '## Console:', text: '## Console: Chromium, CPU throttled 4×\n\nnew console table\n' },
];

describe('withSections', () => {
  const written = withSections(DOCUMENT, RUN);
  const headings = written.split('\n').filter((line) => line.startsWith('#'));

  it('replaces the sections the run measured, each where it was', () => {
    expect(written).toContain('# Benchmarks\n\nRun on 2026-12-06: new machine.\n\n## Backend: order list with 1,000,000 orders in one tenant\n\nnew backend table\n\n## Cluster');
    expect(written).not.toContain('old backend table');
    expect(written).not.toContain('2026-11-24');
  });

  it('keeps every other section, and their order', () => {
    expect(written).toContain('## Cluster: 3 processes on PostgreSQL\n\ncluster table of another run\n');
    expect(written).toContain('## The cost of a change (PostgreSQL)\n\nwritten by hand\n');
    expect(written).toContain('## Contract fuzzing\n\nfuzzing notes\n');
    expect(written).toContain('## Measurements behind the design\n\ndesign notes\n');
    expect(headings).toEqual([
      '# Benchmarks',
      '## Backend: order list with 1,000,000 orders in one tenant',
      '## Cluster: 3 processes on PostgreSQL',
      '## The cost of a change (PostgreSQL)',
      '## Contract fuzzing',
      "## Several orders at once, and an order's history",
      '## Measurements behind the design',
      '## Console: Chromium, CPU throttled 4×',
    ]);
  });

  it('adds a section the file had not: before the one it names, else at the end', () => {
    expect(written).toContain("## Contract fuzzing\n\nfuzzing notes\n\n## Several orders at once, and an order's history\n\nnew order writes\n\n## Measurements behind the design");
    expect(written.endsWith('## Console: Chromium, CPU throttled 4×\n\nnew console table\n')).toBe(true);
  });

  it('gives the same file when run again', () => {
    expect(withSections(written, RUN)).toBe(written);
  });
});

describe('writeSections', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'benchmarks-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the sections into the file, the others kept', () => {
    const file = path.join(dir, 'benchmarks.md');
    writeFileSync(file, DOCUMENT);
    writeSections(RUN, file);
    expect(readFileSync(file, 'utf8')).toBe(withSections(DOCUMENT, RUN));
  });

  it('makes the file when there is none', () => {
    const file = path.join(dir, 'benchmarks.md');
    writeSections(RUN.slice(0, 2), file);
    expect(readFileSync(file, 'utf8')).toBe('# Benchmarks\n\nRun on 2026-12-06: new machine.\n\n## Backend: order list with 1,000,000 orders in one tenant\n\nnew backend table\n');
  });
});
