// One fan-out run of the cluster bench: event-stream clients in load generator processes
// (clientsProcess.ts) on servers already started, a drive that makes the events (the writer through
// the backends, or the floor's replay), optionally one backend killed half way; then every client
// checked for every event of its tenant once and in order, the latencies matched, and the processor
// time of the servers divided by the events delivered.
import type { ChildProcess } from 'node:child_process';
import type { ClientSummary } from './eventClient';
import type { ClientSpec, FromClients, HistogramPairs, ToClients } from './clientsProcess';
import { figuresOfHistogram, type LatencyFigures } from './figures';
import { ask, forkChild, killChildren } from './ipc';
import { LatencyHistogram } from '../shared/latencyHistogram';
import { loadAverage, ProcSampler } from '../shared/procStats';

/** What the drive made: when each change's answer came (by its number), and each tenant's last id after it. */
export interface Driven {
  answeredAt: (number | null)[];
  lastIds: number[];
}

export interface FanOutOptions {
  urls: string[];
  /** The stream tokens of each tenant: at most 10 streams share one (the backend's limit per token). */
  tokens: string[][];
  clients: number;
  clientProcesses: number;
  /** Each tenant's last id before the drive: every client expects every id after it. */
  before: number[];
  drive: () => Promise<Driven>;
  /** Processes read from /proc by name (a pid, or a group summed); `servers` is divided by the deliveries. */
  processes: () => Record<string, number | readonly number[] | undefined>;
  /** Called after this many seconds (a backend killed): the latencies after it count apart. */
  kill?: { afterSeconds: number; run(): void };
  log: (line: string) => void;
}

export interface CommitRow {
  phase: string;
  group: string;
  figures: LatencyFigures;
  /** Read before the writer had the answer (counted as 0 ms). */
  early: number;
}

export interface FanOutResult {
  clients: number;
  /** Each tenant's last id before and after the run, and the events between. */
  before: number[];
  lastIds: number[];
  eventsPerTenant: number[];
  deliveries: number;
  complete: number;
  incomplete: ClientSummary[];
  moved: number;
  reconnects: number;
  longestGapMs: number;
  drained: boolean;
  drainSeconds: number;
  /** Answer at the writer → read by a client, by phase and group (all, stayed, moved). */
  commit: CommitRow[];
  /** Events read whose change had no answer (lost with a killed backend). */
  unmatched: number;
  /** The order's `updatedAt` (taken before the lock) → read, whole run, all clients. */
  sinceUpdatedAt: LatencyFigures;
  /** Over the run (drive start to the last client drained): processor seconds and share, largest RSS, by process. */
  processes: Record<string, { cpuSeconds: number; cpuPercent: number; maxRssMiB: number }>;
  /** The `servers` group's processor time per delivered event, µs. */
  serverMicrosPerDelivery: number;
  seconds: number;
  loadBefore: string;
  loadAfter: string;
  killedAfterSeconds: number | undefined;
}

function merge(into: Map<string, LatencyHistogram>, key: string, pairs: [number, number][]): void {
  const histogram = into.get(key) ?? new LatencyHistogram();
  histogram.addPairs(pairs);
  into.set(key, histogram);
}

/** By `<phase>:<group>` and `<phase>:all`, and `run:all` over both phases. */
function mergeAll(all: readonly HistogramPairs[]): Map<string, LatencyHistogram> {
  const merged = new Map<string, LatencyHistogram>();
  for (const pairsByKey of all) {
    for (const [key, pairs] of Object.entries(pairsByKey)) {
      const [phase] = key.split(':');
      merge(merged, key, pairs);
      merge(merged, `${phase}:all`, pairs);
      merge(merged, 'run:all', pairs);
    }
  }
  return merged;
}

export function spreadClients(clients: number, tokens: readonly string[][], backends: number, processes: number): ClientSpec[][] {
  const specs: ClientSpec[][] = Array.from({ length: processes }, () => []);
  for (let index = 0; index < clients; index++) {
    const tenant = index % tokens.length;
    const inTenant = Math.floor(index / tokens.length);
    specs[index % processes]?.push({ tenant, home: inTenant % backends, token: tokens[tenant]?.[Math.floor(inTenant / 10)] as string });
  }
  return specs;
}

type Answer<T extends FromClients['type']> = Extract<FromClients, { type: T }>;
const askClients = <T extends FromClients['type']>(child: ChildProcess, message: ToClients, answer: T, timeoutMs: number): Promise<Answer<T>> =>
  ask<FromClients, T>(child, message, answer, timeoutMs);

export async function runFanOut(options: FanOutOptions): Promise<FanOutResult> {
  const { urls, clients, log } = options;
  const loadBefore = loadAverage();
  const specs = spreadClients(clients, options.tokens, urls.length, options.clientProcesses);
  const children = specs.map(() => forkChild('clientsProcess.ts'));
  try {
    log(`opening ${clients} event streams from ${children.length} processes…`);
    await Promise.all(children.map((child, index) => askClients(child, { type: 'open', urls, clients: specs[index] ?? [] }, 'opened', 300_000)));
    await Promise.all(children.map((child) => askClients(child, { type: 'expect', lastIds: options.before }, 'expecting', 30_000)));
    const sampledFrom = performance.now();
    const sampler = new ProcSampler(() => ({
      ...options.processes(),
      ...Object.fromEntries(children.map((child, index) => [`load generator ${index + 1}`, child.pid])),
    }));
    const started = performance.now();
    let killedAt: number | undefined;
    const killTimer = options.kill
      ? setTimeout(() => {
          killedAt = performance.now();
          for (const child of children) child.send({ type: 'phase', phase: 1 } satisfies ToClients);
          options.kill?.run();
        }, options.kill.afterSeconds * 1000)
      : undefined;
    const driven = await options.drive();
    clearTimeout(killTimer);
    const drivenAt = performance.now();

    let drained = false;
    const deadline = performance.now() + 60_000;
    while (!drained && performance.now() < deadline) {
      const progress = await Promise.all(children.map((child) => askClients(child, { type: 'progress' }, 'progress', 30_000)));
      drained = progress.every(({ lastIds }) => lastIds.every((id, tenant) => id === null || id === undefined || id >= (driven.lastIds[tenant] ?? 0)));
      if (!drained) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const end = performance.now();
    sampler.sample();
    sampler.stop();
    const sampledTo = performance.now();
    const results = await Promise.all(children.map((child) => askClients(child, { type: 'finish', answeredAt: driven.answeredAt }, 'result', 180_000)));

    const summaries = results.flatMap((result) => result.summaries);
    const eventsPerTenant = driven.lastIds.map((id, tenant) => id - (options.before[tenant] ?? 0));
    const isComplete = (client: ClientSummary) =>
      client.duplicates === 0 &&
      client.missing === 0 &&
      client.resets === 0 &&
      client.lastId === driven.lastIds[client.tenant] &&
      client.received === eventsPerTenant[client.tenant];
    const commit = mergeAll(results.map((result) => result.commit));
    const early = new Map<string, number>();
    for (const result of results) {
      for (const [key, count] of Object.entries(result.early)) {
        const [phase] = key.split(':');
        for (const name of [key, `${phase}:all`, 'run:all']) early.set(name, (early.get(name) ?? 0) + count);
      }
    }
    const phaseName = (phase: string) => (phase === 'run' ? 'whole run' : killedAt === undefined ? 'whole run' : phase === '0' ? 'before the kill' : 'after the kill');
    const commitRows = [...commit.entries()]
      // Without a kill, phase 0 is the whole run: shown once, for all clients.
      .filter(([key]) => killedAt !== undefined || key === 'run:all')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, histogram]) => {
        const [phase = '', group = ''] = key.split(':');
        return { phase: phaseName(phase), group, figures: figuresOfHistogram(histogram), early: early.get(key) ?? 0 };
      });
    const sinceUpdatedAt = mergeAll(results.map((result) => result.sinceUpdatedAt)).get('run:all') ?? new LatencyHistogram();
    const seconds = (end - started) / 1000;
    const processes: FanOutResult['processes'] = {};
    for (const [name, figures] of Object.entries(sampler.span(sampledFrom, sampledTo))) {
      processes[name] = { ...figures, cpuSeconds: ((figures.cpuPercent / 100) * (sampledTo - sampledFrom)) / 1000 };
    }
    const deliveries = summaries.reduce((sum, client) => sum + client.received, 0);
    return {
      clients,
      before: options.before,
      lastIds: driven.lastIds,
      eventsPerTenant,
      deliveries,
      complete: summaries.filter(isComplete).length,
      incomplete: summaries.filter((client) => !isComplete(client)).slice(0, 10),
      moved: summaries.filter((client) => client.moved).length,
      reconnects: summaries.reduce((sum, client) => sum + client.reconnects, 0),
      longestGapMs: Math.max(0, ...summaries.map((client) => client.longestGapMs)),
      drained,
      drainSeconds: (end - drivenAt) / 1000,
      commit: commitRows,
      unmatched: results.reduce((sum, result) => sum + result.unmatched, 0),
      sinceUpdatedAt: figuresOfHistogram(sinceUpdatedAt),
      processes,
      serverMicrosPerDelivery: ((processes.servers?.cpuSeconds ?? Number.NaN) / Math.max(1, deliveries)) * 1e6,
      seconds,
      loadBefore,
      loadAfter: loadAverage(),
      killedAfterSeconds: killedAt === undefined ? undefined : (killedAt - started) / 1000,
    };
  } finally {
    killChildren(children);
  }
}
