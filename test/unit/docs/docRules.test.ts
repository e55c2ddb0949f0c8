/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { commentLines, timingFigureIn } from './timingFigures';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every file under `folder` (relative to the root) whose name ends in one of `endings`. */
function filesUnder(folder: string, endings: readonly string[]): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The anchors GitHub gives a Markdown file's headings. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ''] of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

describe('docs/ARCHITECTURE.md', () => {
  it('explains in at most 350 lines', () => {
    const lines = read('docs/ARCHITECTURE.md').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(350);
  });
});

describe('source files', () => {
  it('hold at most 300 lines each, or docs/ARCHITECTURE.md names them under "Files over 300 lines"', () => {
    const section = read('docs/ARCHITECTURE.md').split(/^## Files over 300 lines$/m)[1]?.split(/^## /m)[0] ?? '';
    const named = new Set([...section.matchAll(/`((?:src|server|shared)\/[^`]+)`/g)].map(([, file]) => file));
    const long = ['src', 'server', 'shared']
      .flatMap((folder) => filesUnder(folder, ['.ts', '.tsx']))
      .filter((file) => read(file).trimEnd().split('\n').length > 300 && !named.has(file));
    expect(long).toEqual([]);
  });
});

describe('source comments', () => {
  it('carry no timing figures (they belong in docs/benchmarks.md)', () => {
    const found = ['src', 'server', 'shared'].flatMap((folder) =>
      filesUnder(folder, ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.css']).flatMap((file) =>
        commentLines(read(file)).flatMap(({ line, text }) => {
          const figure = timingFigureIn(text);
          return figure ? [`${file}:${line}: "${figure}" in ${text}`] : [];
        }),
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('links into the architecture and the benchmarks', () => {
  it('name headings that exist', () => {
    const targets = { 'ARCHITECTURE.md': headingAnchors(read('docs/ARCHITECTURE.md')), 'benchmarks.md': headingAnchors(read('docs/benchmarks.md')) };
    const files = ['README.md', ...['docs', 'src', 'server', 'shared', 'scripts', 'test'].flatMap((folder) => filesUnder(folder, ['.md', '.ts', '.tsx', '.mjs', '.css']))];
    const broken = files.flatMap((file) =>
      [...read(file).matchAll(/(ARCHITECTURE\.md|benchmarks\.md)#([\w-]+)/g)]
        .filter(([, target, anchor = '']) => !targets[target as keyof typeof targets].has(anchor))
        .map(([link]) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });
});
