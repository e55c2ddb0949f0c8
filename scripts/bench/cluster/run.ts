// The cluster part of `npm run bench`, every figure beside a floor measured in the same run on the
// same PostgreSQL server (default durability): the writes through one and three backend processes
// beside a plain SQL client, the fan-out to event streams beside a minimal node:http server, the rate
// the fan-out holds, a backend killed half way, and the order list with a million orders per tenant.
import os from 'node:os';
import { Client } from 'pg';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { BackendProcesses } from '../../../test/server/support/backendProcesses';
import { ordersOf, signIn } from './api';
import { type FanOutPhaseResult, runFanOutPhase } from './fanOutPhase';
import type { WriteFigures } from './figures';
import { type ListResult, runListPhase } from './listPhase';
import { createDatabase, openBenchServer } from './postgresServer';
import { runWakeupChoice, type WakeupChoiceResult } from './wakeupChoice';
import { runWritesPhase } from './writesPhase';
import { loadAverage, withChildren } from '../shared/procStats';

export interface ClusterBenchOptions {
  clients?: number;
  rate?: number;
  seconds?: number;
  rampSeconds?: number;
  rampMax?: number;
  writers?: number;
  writeSeconds?: number;
  clientProcesses?: number;
  listOrders?: number;
  writes?: boolean;
  fanOut?: boolean;
  floor?: boolean;
  kill?: boolean;
  list?: boolean;
  /** False: the ways of waking other processes are not compared (wakeupChoice.ts). */
  wakeups?: boolean;
  /** Tokens expiring within this many seconds are renewed before each run (default 300; 900 renews them all, every run). */
  renewWithinSeconds?: number;
  log?: (line: string) => void;
}

export interface ClusterBenchResult {
  date: string;
  machine: string;
  server: string;
  loadAtStart: string;
  loadAtEnd: string;
  /** The asked sizes, for the report to say what ran. */
  sizes: { clients: number; rate: number; seconds: number; rampSeconds: number; writers: number; writeSeconds: number; listOrders: number };
  writes: WriteFigures[] | undefined;
  /** Tokens renewed before the write runs (those of the fan-out count in its figures). */
  writeRenewals: number;
  fanOut: FanOutPhaseResult | undefined;
  wakeups: WakeupChoiceResult | undefined;
  list: ListResult | undefined;
}

const BACKENDS = 3;
const TENANTS = 2;
/** Orders changed per tenant (one change per order at a time). */
const ORDERS_PER_TENANT = 400;

async function tenantIdsOf(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; name: string }>('SELECT id, name FROM tenants');
    return DEMO_TENANTS.slice(0, TENANTS).map((tenant) => rows.find((row) => row.name === tenant.name)?.id as string);
  } finally {
    await client.end();
  }
}

export async function runClusterBench(options: ClusterBenchOptions = {}): Promise<ClusterBenchResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`[cluster] ${line}\n`));
  const sizes = {
    clients: options.clients ?? 2000,
    rate: options.rate ?? 100,
    seconds: options.seconds ?? 30,
    rampSeconds: options.rampSeconds ?? 10,
    writers: options.writers ?? 16,
    writeSeconds: options.writeSeconds ?? 20,
    listOrders: options.listOrders ?? 1_000_000,
  };
  const loadAtStart = loadAverage();
  const server = await openBenchServer(log);
  const onExit = () => server.stop();
  process.on('exit', onExit);
  try {
    log(server.description);
    const postgres = () => (server.postmaster === undefined ? undefined : withChildren(server.postmaster));
    let writes: WriteFigures[] | undefined;
    let writeRenewals = 0;
    let fanOut: FanOutPhaseResult | undefined;
    let wakeups: WakeupChoiceResult | undefined;
    if (options.writes !== false || options.fanOut !== false || options.wakeups !== false) {
      const database = await createDatabase(server.url, 'cockpit_bench_cluster');
      try {
        log(`starting ${BACKENDS} backend processes…`);
        const group = await BackendProcesses.start(BACKENDS, { databaseUrl: database.url, seedOrders: 1000 });
        try {
          const backends = group.processes;
          const urls = backends.map((backend) => backend.url);
          const writerSessions = (await Promise.all([0, 1].map((tenant) => signIn(urls, tenant, 1)))).flat();
          const common = { backends, databaseUrl: database.url, renewWithinSeconds: options.renewWithinSeconds ?? 300, postgres, log };
          const orders = await Promise.all(writerSessions.map((session) => ordersOf(urls[0] as string, session.token, ORDERS_PER_TENANT)));
          if (options.writes !== false) {
            const phase = await runWritesPhase({ ...common, sessions: writerSessions, orders, writers: sizes.writers, seconds: sizes.writeSeconds, warmUpSeconds: 3 });
            writes = phase.runs;
            writeRenewals = phase.renewals;
          }
          if (options.fanOut !== false) {
            const perToken = 10;
            log(`signing in ${Math.ceil(sizes.clients / TENANTS / perToken)} times per tenant for the streams…`);
            const streamSessions = await Promise.all([0, 1].map((tenant) => signIn(urls, tenant, Math.ceil(sizes.clients / TENANTS / perToken))));
            fanOut = await runFanOutPhase({
              ...common,
              tenantIds: await tenantIdsOf(database.url),
              writerSessions,
              streamSessions,
              orders,
              clients: sizes.clients,
              clientProcesses: options.clientProcesses ?? 2,
              rate: sizes.rate,
              seconds: sizes.seconds,
              rampSeconds: sizes.rampSeconds,
              rampMax: options.rampMax ?? 6400,
              floor: options.floor !== false,
              kill: options.kill !== false,
            });
          }
        } finally {
          await group.stopAll();
        }
        // On the same orders, with the backends gone: nothing else runs on the server meanwhile.
        if (options.wakeups !== false) wakeups = await runWakeupChoice(database.url, 8, log);
      } finally {
        await database.drop();
      }
    }
    const list = options.list === false ? undefined : await runListPhase(server.url, sizes.listOrders, log);
    const cpu = os.cpus();
    return {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      machine: `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      server: server.description,
      loadAtStart,
      loadAtEnd: loadAverage(),
      sizes,
      writes,
      writeRenewals,
      fanOut,
      wakeups,
      list,
    };
  } finally {
    server.stop();
    process.off('exit', onExit);
  }
}
