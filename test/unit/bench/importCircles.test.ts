import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findCircles, importGraph } from '../../../scripts/importCircles';

describe('findCircles', () => {
  it('finds files that import each other, over any number of steps', () => {
    const graph = new Map([
      ['main', ['report']],
      ['report', ['run']],
      ['run', ['report', 'median']],
      ['median', []],
    ]);
    expect(findCircles(graph)).toEqual([['report', 'run']]);
  });

  it('finds a file that imports itself', () => {
    expect(findCircles(new Map([['a', ['a']]]))).toEqual([['a']]);
  });

  it('finds none where the imports only go down', () => {
    const graph = new Map([
      ['main', ['run', 'report']],
      ['run', ['median']],
      ['report', ['median']],
      ['median', []],
    ]);
    expect(findCircles(graph)).toEqual([]);
  });
});

describe('importGraph', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'import-circles-'));
    mkdirSync(path.join(dir, 'bench', 'firstScreen'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves imports, type-only ones too, and keeps only those inside the folder', () => {
    const bench = path.join(dir, 'bench');
    writeFileSync(path.join(bench, 'run.ts'), "import { section } from './firstScreen/report';\nimport { other } from '../outside';\nexport const run = section + other;\n");
    writeFileSync(path.join(bench, 'firstScreen', 'report.ts'), "import type { run } from '../run';\nexport const section = '';\nexport type Run = typeof run;\n");
    writeFileSync(path.join(dir, 'outside.ts'), "export const other = '';\n");

    const graph = importGraph(bench);

    expect(graph.get(path.join(bench, 'run.ts'))).toEqual([path.join(bench, 'firstScreen', 'report.ts')]);
    expect(findCircles(graph).map((circle) => [...circle].sort())).toEqual([[path.join(bench, 'firstScreen', 'report.ts'), path.join(bench, 'run.ts')]]);
  });
});

describe('scripts/bench', () => {
  it('has no import circle', () => {
    expect(findCircles(importGraph(path.join(__dirname, '..', '..', '..', 'scripts', 'bench')))).toEqual([]);
  });
});
