// A throwaway PostgreSQL server for the backend tests: a cluster of Debian's `postgresql` package in a
// temporary folder, on a free loopback port, run by an unprivileged user, stopped and deleted afterwards.
// Plain Node (no dependencies), because `npm test` runs it before anything is installed.
//
//   node scripts/throwawayPostgres.mjs <command> [args…]
//
// runs one command (e.g. `npx jest --selectProjects server-postgres`) with TEST_DATABASE_URL and
// TEST_DURABLE_DATABASE_URL naming fresh clusters (see withTestPostgres), and deletes them when the
// command ends or this script is interrupted.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER_PREFIX = 'cockpit-postgres-';
/** The superuser of the cluster; its password is random per cluster. */
const SUPERUSER = 'cockpit';

function say(message) {
  console.log(`\x1b[36m[cockpit]\x1b[0m ${message}`);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The folder holding `initdb` and `pg_ctl`: the newest /usr/lib/postgresql/<version>/bin, else the PATH. */
export function findPostgresBin() {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(path.join(debian, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) {
    return path.join(debian, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) {
      return dir;
    }
  }
  return undefined;
}

/**
 * The PostgreSQL binaries, installed with apt-get when missing and running as root on Debian;
 * elsewhere it names the command to install them and ends the process, as for Chromium.
 */
export function ensurePostgres() {
  const found = findPostgresBin();
  if (found) {
    return found;
  }
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    console.error(
      '\nThe backend tests on PostgreSQL need its server programs (initdb, pg_ctl), or TEST_DATABASE_URL naming a\n' +
        'server where they may create and drop databases.\n' +
        'Install them with:  sudo apt-get install -y postgresql\n',
    );
    process.exit(1);
  }
  say('Installing PostgreSQL for the backend tests (apt-get install -y postgresql) …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'postgresql'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      process.exit(result.status ?? 1);
    }
  }
  const installed = findPostgresBin();
  if (!installed) {
    console.error('\napt-get installed postgresql, but no /usr/lib/postgresql/<version>/bin/initdb was found.\n');
    process.exit(1);
  }
  return installed;
}

/** uid and gid of a user from /etc/passwd, or undefined. */
function account(name) {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [user, , uid, gid] = line.split(':');
      if (user === name) {
        return { name, uid: Number(uid), gid: Number(gid) };
      }
    }
  } catch {
    // No /etc/passwd: not a system where we run as root.
  }
  return undefined;
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to `postgres` (else `nobody`). */
function clusterOwner() {
  if (!isRoot()) {
    return undefined;
  }
  const owner = account('postgres') ?? account('nobody');
  if (!owner) {
    console.error('\nRunning as root, PostgreSQL needs an unprivileged user to run as (postgres or nobody); found neither.\n');
    process.exit(1);
  }
  return owner;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Stops the cluster in `folder` (if it runs) and deletes the folder. Synchronous, so an exit handler can call it. */
function removeCluster(folder, bin, owner) {
  const data = path.join(folder, 'data');
  if (existsSync(path.join(data, 'postmaster.pid'))) {
    // Immediate: nothing in it is worth a checkpoint.
    spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], {
      stdio: 'ignore',
      cwd: folder,
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
  }
  rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
}

/** Clusters left behind by runs that were killed (SIGKILL) before they could delete theirs. */
function removeAbandonedClusters(bin, owner) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = path.join(tmpdir(), name);
    let runner;
    try {
      runner = Number(readFileSync(path.join(folder, 'runner.pid'), 'utf8'));
    } catch {
      continue;
    }
    if (Number.isInteger(runner) && runner > 0 && !isAlive(runner)) {
      try {
        removeCluster(folder, bin, owner);
      } catch {
        // Still being written to (an initdb of that run, finishing): the next run removes it.
      }
    }
  }
}

/**
 * Creates and starts a cluster; resolves to `{ url, port, folder, stop() }`. `stop()` (synchronous,
 * idempotent) stops it and deletes its folder; `onFolder(stop)` gets it as soon as there is a folder, so
 * that an interruption while the cluster is being created can delete it too. With `durable`, the
 * cluster runs with PostgreSQL's default durability (`fsync`, `synchronous_commit` and
 * `full_page_writes` on), as a deployment does: for what measures or depends on commits (several
 * backend processes, benchmarks). Without, nothing is flushed to disk (see the settings below).
 */
export async function startThrowawayPostgres({ bin = ensurePostgres(), maxConnections = 300, durable = false, onFolder = () => {} } = {}) {
  const owner = clusterOwner();
  removeAbandonedClusters(bin, owner);
  const folder = mkdtempSync(path.join(tmpdir(), FOLDER_PREFIX));
  // Run in the folder: the owner may not be allowed into the caller's working directory.
  const asOwner = { cwd: folder, ...(owner ? { uid: owner.uid, gid: owner.gid } : {}) };
  writeFileSync(path.join(folder, 'runner.pid'), String(process.pid));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    removeCluster(folder, bin, owner);
  };
  onFolder(stop);
  try {
    const data = path.join(folder, 'data');
    const passwordFile = path.join(folder, 'password');
    const password = randomBytes(18).toString('base64url');
    writeFileSync(path.join(passwordFile), password, { mode: 0o600 });
    if (owner) {
      chownSync(folder, owner.uid, owner.gid);
      chownSync(passwordFile, owner.uid, owner.gid);
    }
    const initdb = spawnSync(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', SUPERUSER, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'],
      { encoding: 'utf8', ...asOwner },
    );
    if (initdb.status !== 0) {
      throw new Error(`initdb failed (${initdb.error?.message ?? `exit ${initdb.status}`}):\n${initdb.stderr ?? ''}${initdb.stdout ?? ''}`);
    }
    rmSync(passwordFile);
    let lastError = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      appendFileSync(
        path.join(data, 'postgresql.conf'),
        [
          '',
          '# A throwaway cluster for tests (scripts/throwawayPostgres.mjs).',
          "listen_addresses = '127.0.0.1'",
          `port = ${port}`,
          `unix_socket_directories = '${folder}'`,
          // The backend tests run several backends at a time, some of them in processes of their own.
          `max_connections = ${maxConnections}`,
          // Nothing here has to survive a crash of the machine (the folder is deleted afterwards anyway):
          // unless asked to be durable, no flushing to disk makes every commit, CREATE DATABASE and
          // checkpoint cheap.
          ...(durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
          // A zone other than the embedded database's UTC, as many a server has: answers must not depend on it.
          "timezone = 'Europe/Berlin'",
          '',
        ].join('\n'),
      );
      const started = spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(folder, 'server.log'), '-w', '-t', '60', 'start'], {
        encoding: 'utf8',
        ...asOwner,
      });
      if (started.status === 0) {
        return { url: `postgresql://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`, port, folder, stop };
      }
      let log = '';
      try {
        log = readFileSync(path.join(folder, 'server.log'), 'utf8');
      } catch {
        // No log yet.
      }
      lastError = `${started.stderr ?? ''}${log}`;
      // Another program may have taken the port in between: try another one.
    }
    throw new Error(`PostgreSQL did not start:\n${lastError}`);
  } catch (error) {
    stop();
    throw error;
  }
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Brings two clusters up for the duration of `work(env)` and takes them down afterwards: when `work`
 * resolves or throws, when the process exits, and on SIGINT, SIGTERM or SIGHUP (then
 * `onSignal(signal)` runs first, e.g. to end child processes, and the process exits with 128 + the
 * signal's number). `env` names them as the tests read them:
 * - `TEST_DATABASE_URL`: the server of the tests of one backend at a time, without flushing to disk
 *   (the same suite takes about a third longer on a durable one on this kind of machine);
 * - `TEST_DURABLE_DATABASE_URL`: the server of the tests of several processes, of their scratch
 *   databases (test/server/support/scratchDatabase.ts), with PostgreSQL's default durability, as a
 *   deployment runs it: what they measure and prove of commits holds there.
 * TEST_DATABASE_URL set names a server for both instead (TEST_DURABLE_DATABASE_URL, when also set, the second).
 */
export async function withTestPostgres(work, { onSignal = () => {} } = {}) {
  const named = process.env.TEST_DATABASE_URL?.trim();
  if (named) {
    say('Backend tests on PostgreSQL: TEST_DATABASE_URL');
    return work({ TEST_DATABASE_URL: named, TEST_DURABLE_DATABASE_URL: process.env.TEST_DURABLE_DATABASE_URL?.trim() || named });
  }
  const bin = ensurePostgres();
  const stops = [];
  const stop = () => {
    for (const stopCluster of stops) stopCluster();
  };
  const onExit = () => stop();
  const handlers = SIGNALS.map((signal) => [
    signal,
    () => {
      onSignal(signal);
      stop();
      process.exit(128 + (constants.signals[signal] ?? 0));
    },
  ]);
  // Before the clusters exist: a signal during their creation is handled once initdb or pg_ctl returns.
  process.on('exit', onExit);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  try {
    const started = Date.now();
    const fast = await startThrowawayPostgres({ bin, onFolder: (stopCluster) => stops.push(stopCluster) });
    const durable = await startThrowawayPostgres({ bin, durable: true, onFolder: (stopCluster) => stops.push(stopCluster) });
    say(
      `Backend tests on PostgreSQL: throwaway clusters of ${bin} on ports ${fast.port} and ${durable.port} (durable) ` +
        `(${Date.now() - started} ms to create)`,
    );
    return await work({ TEST_DATABASE_URL: fast.url, TEST_DURABLE_DATABASE_URL: durable.url });
  } finally {
    stop();
    process.off('exit', onExit);
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}

/** Runs a command to its end; resolves to its exit status (128 + signal number when a signal ended it). */
export function runCommand(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    runCommand.current = child;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      runCommand.current = undefined;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/throwawayPostgres.mjs <command> [args…]   (runs it with TEST_DATABASE_URL and TEST_DURABLE_DATABASE_URL set)');
    process.exit(2);
  }
  const status = await withTestPostgres((servers) => runCommand(command, args, { env: { ...process.env, ...servers } }), {
    onSignal: (signal) => runCommand.current?.kill(signal),
  });
  process.exit(status);
}
