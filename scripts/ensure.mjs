// Shared steps of `npm start` and `npm test`: install what is missing, build what is stale.
// Plain Node (no dependencies), because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const INSTALL_STAMP = path.join(root, 'node_modules', '.cockpit-install-stamp');
const BUILD_STAMP = path.join(root, 'dist', '.build-stamp');
const BUILD_INPUTS = ['shared', 'src', 'scripts/webpack', 'webpack.config.ts', 'tsconfig.json', 'tsconfig.base.json', 'package-lock.json'];

export function log(message) {
  console.log(`\x1b[36m[cockpit]\x1b[0m ${message}`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) {
    throw result.error;
  }
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    process.exit(status);
  }
}

function hashFiles(entries) {
  const hash = createHash('sha256');
  const visit = (file) => {
    if (!existsSync(file)) {
      return;
    }
    if (statSync(file).isDirectory()) {
      for (const name of readdirSync(file).sort()) {
        visit(path.join(file, name));
      }
      return;
    }
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  };
  for (const entry of entries) {
    visit(path.join(root, entry));
  }
  return hash.digest('hex');
}

/** `npm ci` when node_modules is missing or was installed from another lockfile. */
export function ensureInstalled() {
  const wanted = hashFiles(['package-lock.json', 'package.json']);
  const installed = existsSync(INSTALL_STAMP) ? readFileSync(INSTALL_STAMP, 'utf8') : '';
  if (installed === wanted && existsSync(path.join(root, 'node_modules'))) {
    return;
  }
  log('Installing dependencies from the lockfile (npm ci) …');
  const started = Date.now();
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(INSTALL_STAMP, wanted);
  log(`Dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** The production build of the console, when its sources changed since the last one. */
export function ensureBuilt() {
  const wanted = hashFiles(BUILD_INPUTS);
  const built = existsSync(BUILD_STAMP) ? readFileSync(BUILD_STAMP, 'utf8') : '';
  if (built === wanted && existsSync(path.join(root, 'dist', 'index.html'))) {
    return;
  }
  build();
  writeFileSync(BUILD_STAMP, wanted);
}

export function build() {
  log('Building the console (production) …');
  const started = Date.now();
  runOrExit(path.join(root, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim() },
  });
  log(`Console built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
