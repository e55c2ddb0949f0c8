// Import circles among the files of a folder (`npm run lint` checks scripts/bench): every import,
// type-only ones too, resolved as TypeScript resolves it for the tools (tsconfig.tools.json); only
// imports of files inside the folder count.
//
//   npx tsx scripts/importCircles.ts scripts/bench   # lists each circle; exits 1 when there is one
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const SOURCE = /\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfig)).options;
}

/** Each source file below `dir` with the files below `dir` it imports (absolute paths). */
export function importGraph(dir: string, tsconfig = path.join(ROOT, 'tsconfig.tools.json')): Map<string, string[]> {
  const options = compilerOptions(tsconfig);
  const folder = path.resolve(dir);
  const inside = (file: string) => file.startsWith(`${folder}${path.sep}`);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(folder)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined)
      .map((target) => path.resolve(target))
      .filter(inside);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of `graph`: its strongly connected parts of more than one file, and files that import themselves (Tarjan). */
export function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(target) as number));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file) as number, index.get(target) as number));
      }
    }
    if (lowest.get(file) === index.get(file)) {
      const part: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        part.push(member);
        if (member === file) break;
      }
      if (part.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(part.reverse());
    }
  };
  for (const file of graph.keys()) {
    if (!index.has(file)) visit(file);
  }
  return circles;
}

if (require.main === module) {
  const dir = process.argv[2] ?? path.join(ROOT, 'scripts', 'bench');
  const circles = findCircles(importGraph(dir));
  for (const circle of circles) {
    process.stderr.write(`import circle: ${circle.map((file) => path.relative(ROOT, file)).join(' → ')}\n`);
  }
  process.exit(circles.length > 0 ? 1 : 0);
}
