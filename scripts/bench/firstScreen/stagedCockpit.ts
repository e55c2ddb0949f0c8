// The console build the first-screen benches measure (the first screen, Lighthouse, the trace),
// staged: copied first (under the dist lock, as the shared dist/ may be rebuilt meanwhile) with the
// floor page added, served by a backend of its own with the orders that fill the first page.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { startBackend } from '../shared/startBackend';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FLOOR_FILES = ['floor.html', 'floor.js'];
const DIST_LOCK = '/tmp/cockpit-dist.lock';
/** Orders of the signed-in tenant: about 290 in this week, so that the first page is a full 100. */
const SEED_ORDERS = 5000;

/** Copies the build, under the dist lock where there is one, and adds the floor page. */
function stageBuild(distDir: string): { dir: string; build: string } {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`no console build in ${distDir}: run \`npm run build\``);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-first-screen-'));
  const staged = path.join(dir, 'dist');
  // The shared dist/ may be rebuilt meanwhile: it is copied under the lock its builders hold.
  const shared = path.resolve(distDir) === path.join(ROOT, 'dist') && existsSync(DIST_LOCK);
  const locked = shared && spawnSync('flock', [DIST_LOCK, 'cp', '-a', distDir, staged], { stdio: 'inherit' }).status === 0;
  if (!locked) {
    cpSync(distDir, staged, { recursive: true });
  }
  for (const file of FLOOR_FILES) {
    copyFileSync(path.join(__dirname, 'floor', file), path.join(staged, file));
  }
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const build = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'shared', 'src', 'webpack.config.ts', 'scripts/webpack') ? '+' : ''}`;
  return { dir, build };
}

/** The staged build served: its address, the staged folder and the commit it was made from. */
export interface StagedCockpit {
  url: string;
  distDir: string;
  build: string;
}

/** Stages the build in `distDir` (default dist/), serves it while `work` runs, then stops and removes it all. */
export async function withStagedCockpit<T>(distDir: string | undefined, work: (cockpit: StagedCockpit) => Promise<T>): Promise<T> {
  const prefix = DEMO_TENANTS[0]?.orderPrefix ?? 'AN';
  const { dir, build } = stageBuild(distDir ?? path.join(ROOT, 'dist'));
  try {
    const staged = path.join(dir, 'dist');
    const cockpit = await startBackend({ STATIC_DIR: staged, SEED_ORDERS: '10', SEED_TENANT_ORDERS: `${prefix}=${SEED_ORDERS}` });
    try {
      return await work({ url: cockpit.url, distDir: staged, build });
    } finally {
      await cockpit.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
