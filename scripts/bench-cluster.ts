// The cluster part of `npm run bench`: three backend processes (three programs on three ports, as
// behind a load balancer) on one PostgreSQL server, event-stream clients spread over them and over
// both demo tenants, order changes written through all of them at a fixed rate; one backend killed
// with SIGKILL half way (its clients resume on the others with Last-Event-ID, as the console does).
// Beside it, the same load on one process with the embedded database, and the order list with a
// million orders per tenant on the PostgreSQL server (scripts/bench-backend.ts's measurement).
//
//   npx tsx scripts/bench-cluster.ts                                  # full scale, prints markdown
//   npx tsx scripts/bench-cluster.ts --clients 200 --rate 100 --seconds 10 --list-orders 100000
//   npx tsx scripts/bench-cluster.ts --write   # also puts the section into docs/benchmarks.md
//
// Flags: --clients N (2000), --rate N changes/s (1000), --seconds N (30), --embedded-rate N (400:
// the embedded engine's single-change ceiling, see bench-live.ts), --client-processes N (2),
// --list-orders N (1000000 per tenant), --no-embedded, --no-list, --no-kill (no backend killed: for the
// processor time per change and per delivery, which the log prints), --write.
// PostgreSQL: BENCH_DATABASE_URL (a server where databases may be created and dropped), else a
// throwaway cluster of Debian's postgresql as `npm test` makes one (scripts/throwawayPostgres.mjs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/openDatabase';
import { seedDemoData } from '../server/seed/seedDemoData';
import { REPOSITORY_ROOT } from '../server/startServer';
import { BackendProcess, BackendProcesses } from '../test/server/support/backendProcesses';
import { type BackendBenchResult, runBackendBench } from './bench-backend';
import { clusterSection, CLUSTER_HEADING } from './bench/clusterReport';
import { runScenario, type ScenarioBackend, type ScenarioResult } from './bench/clusterScenario';
import { loadAverage, withChildren } from './bench/procStats';

export interface ClusterBenchOptions {
  clients?: number;
  rate?: number;
  seconds?: number;
  embeddedRate?: number;
  clientProcesses?: number;
  listOrders?: number;
  embedded?: boolean;
  list?: boolean;
  /** False: no backend is killed (for measuring the processor time per event without the reconnects). */
  kill?: boolean;
  log?: (line: string) => void;
}

export interface ClusterBenchResult {
  date: string;
  machine: string;
  postgres: string;
  loadAtStart: string;
  loadAtEnd: string;
  cluster: ScenarioResult;
  embedded: ScenarioResult | undefined;
  list: (BackendBenchResult & { seedSeconds: number | null }) | undefined;
  listOrdersPerTenant: number;
}

interface Throwaway {
  url: string;
  port: number;
  folder: string;
  stop(): void;
}

const BACKENDS = 3;

/** A database of our own on the server at `serverUrl`: created fresh, dropped by `drop()`. */
async function createDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function serverVersion(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    return `PostgreSQL ${rows[0]?.version ?? '?'}`;
  } finally {
    await client.end();
  }
}

/** The backend's environment for the embedded engine, as BackendProcesses gives it for PostgreSQL. */
function embeddedEnvironment(dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_ORDERS: '1000',
    SIMULATE: '0',
    STATIC_DIR: '/nonexistent/order-cockpit-dist',
    LOG_LEVEL: 'warn',
  };
}

function asScenarioBackend(backend: BackendProcess): ScenarioBackend {
  return { url: backend.url, pid: backend.pid, kill: () => backend.kill() };
}

export async function runClusterBench(options: ClusterBenchOptions = {}): Promise<ClusterBenchResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`[cluster] ${line}\n`));
  const clients = options.clients ?? 2000;
  const rate = options.rate ?? 1000;
  const seconds = options.seconds ?? 30;
  const listOrders = options.listOrders ?? 1_000_000;
  const loadAtStart = loadAverage();
  const named = process.env.BENCH_DATABASE_URL?.trim();
  let throwaway: Throwaway | undefined;
  const onExit = () => throwaway?.stop();
  process.on('exit', onExit);
  try {
    let serverUrl = named;
    if (!serverUrl) {
      const modulePath = pathToFileURL(path.join(REPOSITORY_ROOT, 'scripts', 'throwawayPostgres.mjs')).href;
      const { startThrowawayPostgres } = (await import(modulePath)) as {
        startThrowawayPostgres(options: { maxConnections: number }): Promise<Throwaway>;
      };
      throwaway = await startThrowawayPostgres({ maxConnections: 300 });
      serverUrl = throwaway.url;
      log(`throwaway PostgreSQL on port ${throwaway.port}`);
    }
    const postgres = `${await serverVersion(serverUrl)}${named ? ' (BENCH_DATABASE_URL)' : ', a throwaway cluster on this machine (fsync off, as for npm test)'}`;

    // The throwaway server's processes are measured too (a named server may be elsewhere).
    const postmaster = throwaway ? Number(readFileSync(path.join(throwaway.folder, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) : undefined;

    // The cluster.
    const clusterDatabase = await createDatabase(serverUrl, 'cockpit_bench_cluster');
    let cluster: ScenarioResult;
    try {
      log(`starting ${BACKENDS} backend processes…`);
      const backends = await BackendProcesses.start(BACKENDS, { databaseUrl: clusterDatabase.url, seedOrders: 1000 });
      try {
        cluster = await runScenario({
          backends: backends.processes.map(asScenarioBackend),
          clients,
          rate,
          seconds,
          kill: options.kill === false ? undefined : BACKENDS - 1,
          clientProcesses: options.clientProcesses,
          measure: () => (postmaster === undefined ? {} : { 'PostgreSQL (all its processes; RSS summed, shared memory counted in each)': withChildren(postmaster) }),
          log,
        });
      } finally {
        await backends.stopAll();
      }
    } finally {
      await clusterDatabase.drop();
    }

    // One process on the embedded engine, the same clients, the rate it can take.
    let embedded: ScenarioResult | undefined;
    if (options.embedded !== false) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bench-embedded-'));
      try {
        log('starting one backend on the embedded database…');
        const backend = await BackendProcess.start('embedded', embeddedEnvironment(dataDir), 300_000);
        try {
          embedded = await runScenario({
            backends: [asScenarioBackend(backend)],
            clients,
            rate: Math.min(rate, options.embeddedRate ?? 400),
            seconds,
            clientProcesses: options.clientProcesses,
            log,
          });
        } finally {
          await backend.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }

    // The order list with `listOrders` orders per tenant on the server.
    let list: ClusterBenchResult['list'];
    if (options.list !== false) {
      const listDatabase = await createDatabase(serverUrl, 'cockpit_bench_list');
      try {
        const database = await openDatabase({ kind: 'postgres', url: listDatabase.url });
        let seedSeconds: number;
        try {
          await migrate(database);
          log(`seeding ${listOrders} orders per tenant…`);
          const started = performance.now();
          await seedDemoData(database, { ordersPerTenant: listOrders, now: new Date() });
          seedSeconds = (performance.now() - started) / 1000;
          log(`seeded in ${seedSeconds.toFixed(1)} s`);
        } finally {
          await database.close();
        }
        const measured = await runBackendBench({
          databaseUrl: listDatabase.url,
          orders: listOrders,
          // Pages of 100: 200 deep, or half the pages of a smaller run.
          depth: Math.max(1, Math.min(200, Math.floor(listOrders / 200))),
          log,
        });
        list = { ...measured, seedSeconds };
      } finally {
        await listDatabase.drop();
      }
    }

    const cpu = os.cpus();
    return {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      machine: `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      postgres,
      loadAtStart,
      loadAtEnd: loadAverage(),
      cluster,
      embedded,
      list,
      listOrdersPerTenant: listOrders,
    };
  } finally {
    throwaway?.stop();
    process.off('exit', onExit);
  }
}

/** Puts `section` (starting with CLUSTER_HEADING) into docs/benchmarks.md: in place of the one there, else at the end. */
export function writeClusterSection(section: string): void {
  const file = path.join(REPOSITORY_ROOT, 'docs', 'benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(CLUSTER_HEADING);
  let next = start < 0 ? -1 : text.indexOf('\n## ', start + CLUSTER_HEADING.length);
  if (next >= 0) next += 1;
  const updated = start < 0 ? `${text.trimEnd()}\n\n${section.trimEnd()}\n` : `${text.slice(0, start)}${section.trimEnd()}\n${next < 0 ? '' : `\n${text.slice(next)}`}`;
  writeFileSync(file, updated);
}

function flag(args: readonly string[], name: string): number | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const result = await runClusterBench({
    clients: flag(args, '--clients'),
    rate: flag(args, '--rate'),
    seconds: flag(args, '--seconds'),
    embeddedRate: flag(args, '--embedded-rate'),
    clientProcesses: flag(args, '--client-processes'),
    listOrders: flag(args, '--list-orders'),
    embedded: !args.includes('--no-embedded'),
    list: !args.includes('--no-list'),
    kill: !args.includes('--no-kill'),
  });
  const section = clusterSection(result);
  process.stdout.write(`\n${section}\n`);
  if (args.includes('--write')) {
    writeClusterSection(section);
    process.stderr.write('[cluster] written to docs/benchmarks.md\n');
  }
}

if (typeof __filename !== 'undefined' && process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
