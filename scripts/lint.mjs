// `npm run lint`: the layering and code rules (ESLint), no import circle among the benches' files
// (scripts/importCircles.ts), and the type checks of every part (console, tools and tests, domain
// without the DOM, service worker, backend), two at a time on the machine's
// processors. The type checks are incremental (their state in node_modules/.cache/tsc), so a second
// run checks only what changed; a fresh clone checks everything once.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './ensure.mjs';

const cache = path.join(root, 'node_modules', '.cache', 'tsc');
mkdirSync(cache, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const typeCheck = (project) => [
  `types of ${project}`,
  bin('tsc'),
  ['-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', path.join(cache, `${project.replace(/[/.]/g, '_')}.tsbuildinfo`)],
];

const checks = [
  ['ESLint', bin('eslint'), ['.']],
  ['import circles in scripts/bench', bin('tsx'), ['scripts/importCircles.ts', 'scripts/bench']],
  typeCheck('tsconfig.tools.json'),
  typeCheck('tsconfig.json'),
  typeCheck('server/tsconfig.json'),
  typeCheck('tsconfig.domain.json'),
  typeCheck('src/serviceWorker/tsconfig.json'),
];

/** Runs one check, its output kept and printed whole when it fails. */
function run([name, command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, status: 1, output: String(error) }));
    child.on('exit', (code) => resolve({ name, status: code ?? 1, output }));
  });
}

const queue = [...checks];
const failed = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const result = await run(check);
      if (result.status !== 0) failed.push(result);
    }
  }),
);
for (const { name, output } of failed) console.error(`\n${name} failed:\n${output.trimEnd()}`);
process.exit(failed.length > 0 ? 1 : 0);
