// `npm test`: install what is missing, then lint, unit and backend tests (the backend's on the embedded
// database and on a throwaway PostgreSQL server, see throwawayPostgres.mjs, and behind Debian's nginx, see
// ensureNginx.mjs), the production build and the browser tests in Debian's Chromium (the three installed
// with apt-get when missing and running as root).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root, runOrExit } from './ensure.mjs';
import { ensureNginx } from './ensureNginx.mjs';
import { runCommand, withTestPostgres } from './throwawayPostgres.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) {
    return chromium;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `\nThe browser tests need Chromium at ${chromium} (or set CHROMIUM_PATH).\n` +
        'Install it with:  sudo apt-get install -y chromium\n',
    );
    process.exit(1);
  }
  log('Installing Chromium for the browser tests (apt-get install -y chromium) …');
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return chromium;
}

/** Runs a command beside this process's work, keeping its output; resolves to its status and output. */
function runCollected(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output }));
    process.on('exit', () => child.kill('SIGKILL'));
  });
}

const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

/** The counts of a Jest run from its JSON report. */
function counts(file) {
  try {
    const report = JSON.parse(readFileSync(path.join(results, file), 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

ensureInstalled();
// Before the lint: a machine without it stops at once, naming the command to install it.
const nginx = ensureNginx();
log('Lint: layering rules, types of console, domain (no DOM) and backend …');
runOrExit('npm', ['run', '-s', 'lint']);
const jsonReport = (name) => ['--json', `--outputFile=${path.join(results, name)}`];
// Two throwaway PostgreSQL servers (TEST_DATABASE_URL names one to use instead; it must allow creating
// databases): the tests of one backend at a time run on one that does not flush to disk, because on a
// durable one that suite took 428 s instead of 320 s here; the tests of several processes, whose point is
// how commits behave, run on one with PostgreSQL's default durability (see withTestPostgres).
const unitStatus = await withTestPostgres(
  (servers) => {
    log('Unit and backend integration tests …');
    // Two workers even on two cores (Jest's default would be one): the backend tests spend much of their
    // time waiting for servers, processes and timers (5 min instead of 9 on this kind of machine).
    const workers = ['--maxWorkers', process.env.JEST_MAX_WORKERS ?? '2'];
    return runCommand(bin('jest'), ['--selectProjects', 'unit', 'server', 'server-postgres', ...workers, ...jsonReport('unit.json'), ...(process.env.CI ? ['--ci'] : [])], {
      cwd: root,
      env: { ...process.env, ...servers, NGINX_PATH: nginx },
    });
  },
  { onSignal: (signal) => runCommand.current?.kill(signal) },
);
if (unitStatus !== 0) {
  process.exit(unitStatus);
}
ensureBuilt();
const chromium = ensureChromium();
log('Browser tests …');
const browserEnv = { ...process.env, CHROMIUM_PATH: chromium };
const browserArgs = (report) => ['--config', 'jest.browser.config.js', '--runInBand', ...jsonReport(report), ...(process.env.CI ? ['--ci'] : [])];
// The files that spend most of their time waiting (for a token to be renewed, a service worker to take
// over, telemetry batches to be sent), the processors idle meanwhile, run in a second lane beside the
// others, with some that only draw and compare what is drawn (no timing in them) so that both lanes
// take about as long; its output follows theirs.
const WAITING = '/test/browser/(unsavedEdits|pwa|telemetry|renewal|renewalTwoTabs|blueprintStylesheets|narrowScreens|users)\\.test\\.ts$';
const waitingLane = runCollected(bin('jest'), [...browserArgs('browser-waiting.json'), '--testPathPatterns', WAITING], { cwd: root, env: browserEnv });
const mainStatus = await runCommand(bin('jest'), [...browserArgs('browser.json'), '--testPathIgnorePatterns', WAITING], { cwd: root, env: browserEnv });
const waiting = await waitingLane;
process.stdout.write(waiting.output);
const status = mainStatus || waiting.status;
const total = [counts('unit.json'), counts('browser.json'), counts('browser-waiting.json')].reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
}));
console.log(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(status || (total.failed > 0 ? 1 : 0));
