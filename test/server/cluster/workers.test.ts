import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadMigrations } from '../../../server/db/migrate';
import { BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { DEMO_PASSWORD, GERMAN_EMAIL } from '../support/testServer';

const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');

/** `node --import tsx server/main.ts` with `env` only (and PATH, HOME, TZ); its output kept. */
function runMain(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: process.env.TZ, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function untilOutput(run: ReturnType<typeof runMain>, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(run.output());
    if (match) return match;
    if (Date.now() > deadline || run.child.exitCode !== null) throw new Error(`no ${pattern} in the output:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('WORKERS=N', () => {
  it('says that it needs PostgreSQL and ends with 1 on the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cockpit-workers-'));
    try {
      const run = runMain({ WORKERS: '3', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('Cannot start: WORKERS=3 needs PostgreSQL: set DATABASE_URL');
      expect(run.output()).not.toContain('Order Cockpit is running');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, PROCESS_START_TIMEOUT_MS);
});

describeOnPostgres('several processes on PostgreSQL', () => {
  const databases: ScratchDatabase[] = [];
  let backends: BackendProcesses | undefined;
  let running: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cockpit-workers-'));

  afterAll(async () => {
    running?.kill('SIGKILL');
    await backends?.stopAll();
    await Promise.all(databases.map((database) => database.drop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'WORKERS=2 runs two processes on one port that take each other\'s tokens, and stops them cleanly',
    async () => {
      const database = await createScratchDatabase('scale_workers');
      databases.push(database);
      // Neither JWT_SECRET nor the VAPID pair: the primary makes them in DATA_DIR once, for both workers.
      const run = runMain({ WORKERS: '2', DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_ORDERS: '10' });
      running = run.child;
      const [, port] = await untilOutput(run, /Order Cockpit is running at http:\/\/localhost:(\d+)/, 2 * PROCESS_START_TIMEOUT_MS);
      const [, pids] = await untilOutput(run, /2 worker processes on one port \(WORKERS\): (\d+, \d+)/, 1000);
      expect(pids?.split(', ').map(Number)).not.toContain(run.child.pid);
      const url = `http://127.0.0.1:${port}`;
      const signedIn = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: GERMAN_EMAIL, password: DEMO_PASSWORD }),
      });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };
      // New connections go to the workers in turn: every one takes the token.
      for (let request = 0; request < 6; request++) {
        const me = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });
        expect(me.status).toBe(200);
      }
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('SIGTERM: stopping 2 worker processes');
      expect(run.output()).toContain('Stopped.');
    },
    3 * PROCESS_START_TIMEOUT_MS,
  );

  it(
    'processes starting together on an empty database migrate it and create the demo data once',
    async () => {
      const database = await createScratchDatabase('scale_together');
      databases.push(database);
      backends = await BackendProcesses.start(0, { databaseUrl: database.url });
      await Promise.all([0, 1, 2].map(() => backends?.startAnother()));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const versions = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(versions.rows.map((row) => row.version)).toEqual(loadMigrations().map((migration) => migration.version));
        const tenants = await client.query<{ count: string }>('SELECT count(*) FROM tenants');
        expect(Number(tenants.rows[0]?.count)).toBe(2);
      } finally {
        await client.end();
      }
      expect(backends.processes.filter((backend) => backend.output.includes('demo data created'))).toHaveLength(1);
    },
    3 * PROCESS_START_TIMEOUT_MS,
  );
});
