// One run of the cluster bench (scripts/bench-cluster.ts) against backends already started: event-stream
// clients in load generator processes (clusterClients.ts), order changes from a writer process
// (clusterWriter.ts), processor and memory of every process read from /proc, and optionally one
// backend killed with SIGKILL half way. Answers the figures; the caller writes them down.
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../../server/seed/demoAccounts';
import { cpuProfileArguments } from '../../test/server/support/backendProcesses';
import type { ClientSummary } from './benchEventClient';
import type { ClientSpec, FromClients, ToClients } from './clusterClients';
import type { FromWriter, WriterOrder, WriterResult } from './clusterWriter';
import { LatencyHistogram } from './latencyHistogram';
import { loadAverage, ProcSampler } from './procStats';

/** A backend the scenario runs against. */
export interface ScenarioBackend {
  url: string;
  pid: number | undefined;
  /** Ends it at once (SIGKILL). */
  kill(): Promise<unknown>;
}

export interface ScenarioOptions {
  backends: ScenarioBackend[];
  /** Event-stream clients in all, spread over the backends and both demo tenants. */
  clients: number;
  /** Order changes per second, and for how long. */
  rate: number;
  seconds: number;
  /** The backend killed with SIGKILL half way through the writing; none when undefined. */
  kill?: number;
  /** Load generator processes the clients are spread over. Default 2. */
  clientProcesses?: number;
  /** Further processes to measure, by name: a pid or a group summed (e.g. the PostgreSQL server's). */
  measure?: () => Record<string, number | readonly number[] | undefined>;
  /** Orders changed per tenant (one change per order at a time). Default 400. */
  ordersPerTenant?: number;
  log: (line: string) => void;
}

export interface LatencyFigures {
  events: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface ProcessFigures {
  cpuPercent: number;
  maxRssMiB: number;
}

export interface ScenarioResult {
  backends: number;
  clients: number;
  rateAsked: number;
  secondsAsked: number;
  /** Changes sent per second while sending (a backlog of unanswered changes holds the sending back). */
  rateReached: number;
  writer: Omit<WriterResult, 'answer' | 'answeredAt'> & { answer: LatencyFigures };
  /**
   * Answer at the writer → event at a probe client (one per tenant, backend and load generator), by
   * whether the probe had moved: the event may come before the answer (counted as 0, and in `early`).
   */
  answerToClient: { group: string; figures: LatencyFigures; early: number }[];
  /** Events of each tenant during the run (its last id after minus before). */
  eventsPerTenant: number[];
  /** Clients that got every event of their tenant once and in order, no reset. */
  complete: number;
  incomplete: ClientSummary[];
  moved: number;
  reconnects: number;
  longestGapMs: number;
  /** Whether every client reached its tenant's last id before the wait ran out, and how long after the writing. */
  drained: boolean;
  drainSeconds: number;
  /** By phase (`before kill`, `after kill`, or `whole run`) and client group (`all`, `stayed`, `moved`). */
  latency: { phase: string; group: string; figures: LatencyFigures }[];
  /** By phase, per process (`backend #n`, `load generator n`, `writer`). */
  processes: { phase: string; figures: Record<string, ProcessFigures> }[];
  loadBefore: string;
  loadAfter: string;
  killedAfterSeconds: number | undefined;
}

const HERE = __dirname;
/** A token has at most 10 open streams per backend (OpenStreams); so that a killed backend's clients fit wherever they go, at most 10 share one. */
const CLIENTS_PER_TOKEN = 10;

function figuresOf(histogram: LatencyHistogram): LatencyFigures {
  return { events: histogram.total, p50: histogram.percentile(50), p95: histogram.percentile(95), p99: histogram.percentile(99), max: histogram.max() };
}

function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (response) => ({
    status: response.status,
    text: await response.text(),
  }));
}

/** Signs in `count` times to the tenant's demo account, a few at a time, spread over the backends. */
export async function login(urls: readonly string[], tenant: number, count: number): Promise<string[]> {
  const email = DEMO_TENANTS[tenant]?.user.email;
  const tokens: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      for (let attempt = 0; ; attempt++) {
        const answer = await post(`${urls[index % urls.length]}/api/auth/login`, { email, password: DEMO_PASSWORD });
        if (answer.status === 200) {
          tokens.push((JSON.parse(answer.text) as { token: string }).token);
          break;
        }
        // 503 when the password checks are busy: wait and try again.
        if (attempt > 20) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
        await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
      }
    }
  };
  await Promise.all(Array.from({ length: 3 }, worker));
  return tokens;
}

/** The first `count` orders of the tenant's list (wide range), with their versions. */
async function ordersOf(url: string, token: string, count: number): Promise<WriterOrder[]> {
  const begin = new Date(Date.now() - 180 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 180 * 86_400_000).toISOString();
  const orders: WriterOrder[] = [];
  let cursor: string | undefined;
  do {
    const query = `begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}&limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(`${url}/api/orders?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`the order list answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { items: { id: string; version: number }[]; nextCursor?: string | null };
    orders.push(...page.items.map(({ id, version }) => ({ id, version })));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && orders.length < count);
  if (orders.length === 0) throw new Error('the tenant has no orders in range');
  return orders.slice(0, count);
}

/**
 * The tenant's last event id, as a stream tells it: resumed from an id beyond the last, it answers
 * `event: reset` carrying the last id (see LiveStream). Through the API, so on either engine.
 */
function lastEventId(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/events`,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'last-event-id': '999999999999' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          const match = /id: (\d+)\nevent: reset\n/.exec(text);
          if (match) {
            request.destroy();
            resolve(Number(match[1]));
          }
        });
        response.on('end', () => reject(new Error(`no reset from ${url}: ${text}`)));
      },
    );
    request.on('error', reject);
  });
}

export function forkChild(file: string): ChildProcess {
  return fork(path.join(HERE, file), [], {
    execArgv: [...cpuProfileArguments(file.replace(/\.ts$/, '')), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next message of `child` that `pick` accepts. */
function nextMessage<T>(child: ChildProcess, pick: (message: unknown) => T | undefined, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', listener);
      reject(new Error(`${what}: no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const listener = (message: unknown) => {
      const picked = pick(message);
      if (picked !== undefined) {
        clearTimeout(timer);
        child.off('message', listener);
        resolve(picked);
      }
    };
    child.on('message', listener);
  });
}

export function ask<T extends FromClients['type']>(child: ChildProcess, message: ToClients, answer: T, timeoutMs: number): Promise<Extract<FromClients, { type: T }>> {
  const reply = nextMessage(child, (m) => ((m as FromClients).type === answer ? (m as Extract<FromClients, { type: T }>) : undefined), timeoutMs, answer);
  child.send(message);
  return reply;
}

export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const { backends, clients, rate, seconds, log } = options;
  const urls = backends.map((backend) => backend.url);
  const tenants = 2;
  const clientProcesses = Math.max(1, options.clientProcesses ?? 2);
  const loadBefore = loadAverage();

  const perTenant = Math.ceil(clients / tenants);
  const tokensPerTenant = Math.ceil(perTenant / CLIENTS_PER_TOKEN);
  log(`signing in ${tokensPerTenant + 1} times per tenant…`);
  const tokens = await Promise.all(Array.from({ length: tenants }, (_, tenant) => login(urls, tenant, tokensPerTenant + 1)));
  const writerTokens = tokens.map((list) => list.pop() as string);
  const orders = await Promise.all(writerTokens.map((token) => ordersOf(urls[0] as string, token, options.ordersPerTenant ?? 400)));

  const specs: ClientSpec[][] = Array.from({ length: clientProcesses }, () => []);
  for (let index = 0; index < clients; index++) {
    const tenant = index % tenants;
    const inTenant = Math.floor(index / tenants);
    specs[index % clientProcesses]?.push({
      tenant,
      home: inTenant % urls.length,
      token: tokens[tenant]?.[Math.floor(inTenant / CLIENTS_PER_TOKEN)] as string,
      // The first client of each tenant and backend in each load generator.
      probe: index < tenants * urls.length * clientProcesses,
    });
  }
  const children = specs.map(() => forkChild('clusterClients.ts'));
  const writer = forkChild('clusterWriter.ts');
  const everyChild = [...children, writer];
  try {
    log(`opening ${clients} event streams from ${clientProcesses} processes…`);
    await Promise.all(children.map((child, index) => ask(child, { type: 'open', urls, clients: specs[index] ?? [] }, 'opened', 300_000)));
    const before = await Promise.all(writerTokens.map((token) => lastEventId(urls[0] as string, token)));
    await Promise.all(children.map((child) => ask(child, { type: 'expect', lastIds: before }, 'expecting', 30_000)));

    const sampler = new ProcSampler(() => ({
      ...Object.fromEntries(backends.map((backend, index) => [`backend #${index}`, backend.pid])),
      ...Object.fromEntries(children.map((child, index) => [`load generator ${index + 1}`, child.pid])),
      writer: writer.pid,
      ...options.measure?.(),
    }));
    log(`writing ${rate} changes a second for ${seconds} s${options.kill === undefined ? '' : `, killing backend #${options.kill} after ${seconds / 2} s`}…`);
    const started = performance.now();
    const done = nextMessage(writer, (m) => ((m as FromWriter).type === 'done' ? (m as FromWriter).result : undefined), (seconds + 300) * 1000, 'writer');
    writer.send({ type: 'run', job: { urls, tokens: writerTokens, orders, rate, seconds, maxInFlight: 256 } });
    let killedAt: number | undefined;
    const killTimer =
      options.kill === undefined
        ? undefined
        : setTimeout(() => {
            killedAt = performance.now();
            for (const child of children) child.send({ type: 'phase', phase: 1 } satisfies ToClients);
            log(`SIGKILL to backend #${options.kill}`);
            void backends[options.kill as number]?.kill();
          }, (seconds * 1000) / 2);
    const written = await done;
    clearTimeout(killTimer);
    const writingEnded = performance.now();
    const live = backends.findIndex((_, index) => index !== options.kill);
    const after = await Promise.all(writerTokens.map((token) => lastEventId(urls[live] as string, token)));
    log(`written: ${written.acknowledged.join(' + ')} acknowledged, ${written.unanswered} unanswered, ${written.refused} refused; waiting for the clients…`);

    let drained = false;
    const drainDeadline = performance.now() + 60_000;
    while (!drained && performance.now() < drainDeadline) {
      const progress = await Promise.all(children.map((child) => ask(child, { type: 'progress' }, 'progress', 30_000)));
      drained = progress.every(({ lastIds }) => lastIds.every((id, tenant) => id === null || id === undefined || id >= (after[tenant] ?? 0)));
      if (!drained) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const drainSeconds = (performance.now() - writingEnded) / 1000;
    sampler.sample();
    sampler.stop();
    const results = await Promise.all(children.map((child) => ask(child, { type: 'finish' }, 'result', 180_000)));
    const loadAfter = loadAverage();

    const summaries = results.flatMap((result) => result.summaries);
    const eventsPerTenant = after.map((id, tenant) => id - (before[tenant] ?? 0));
    const isComplete = (client: ClientSummary) =>
      client.duplicates === 0 &&
      client.missing === 0 &&
      client.resets === 0 &&
      client.lastId === after[client.tenant] &&
      client.received === eventsPerTenant[client.tenant];
    const merged = new Map<string, LatencyHistogram>();
    const into = (key: string, pairs: [number, number][]) => {
      const histogram = merged.get(key) ?? new LatencyHistogram();
      histogram.addPairs(pairs);
      merged.set(key, histogram);
    };
    for (const result of results) {
      for (const [key, pairs] of Object.entries(result.histograms)) {
        const [phase, group] = key.split(':');
        into(`${phase}:all`, pairs);
        into(`${phase}:${group}`, pairs);
        into('run:all', pairs);
      }
    }
    const phaseName = (phase: string) => (phase === 'run' ? 'whole run' : options.kill === undefined ? 'whole run' : phase === '0' ? 'before the kill' : 'after the kill');
    const latency = [...merged.entries()]
      .filter(([key]) => options.kill !== undefined || key.endsWith(':all'))
      .filter(([key]) => options.kill !== undefined || !key.startsWith('run'))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, histogram]) => {
        const [phase = '', group = ''] = key.split(':');
        return { phase: phaseName(phase), group, figures: figuresOf(histogram) };
      });
    const end = performance.now();
    const processes =
      killedAt === undefined
        ? [{ phase: 'whole run', figures: sampler.span(started, end) }]
        : [
            { phase: 'before the kill', figures: sampler.span(started, killedAt) },
            { phase: 'after the kill', figures: sampler.span(killedAt, end) },
          ];
    // Processor time by process over the run, per change written and per event delivered (to stderr: a budget, not a figure of the report).
    const spans =
      killedAt === undefined
        ? [{ seconds: (end - started) / 1000, figures: processes[0]?.figures ?? {} }]
        : [
            { seconds: (killedAt - started) / 1000, figures: processes[0]?.figures ?? {} },
            { seconds: (end - killedAt) / 1000, figures: processes[1]?.figures ?? {} },
          ];
    const cpuSeconds = new Map<string, number>();
    for (const span of spans) {
      for (const [name, figures] of Object.entries(span.figures)) cpuSeconds.set(name, (cpuSeconds.get(name) ?? 0) + (figures.cpuPercent / 100) * span.seconds);
    }
    const sumOf = (prefix: string) => [...cpuSeconds].filter(([name]) => name.startsWith(prefix)).reduce((sum, [, value]) => sum + value, 0);
    const deliveries = summaries.reduce((sum, client) => sum + client.received, 0);
    const changes = written.acknowledged.reduce((sum, count) => sum + count, 0);
    log(
      `processor time: ${[...cpuSeconds].map(([name, value]) => `${name.replace(/ \(.*/, '')} ${value.toFixed(2)} s`).join(', ')}; ` +
        `${changes} changes, ${deliveries} deliveries; backends ${((sumOf('backend') / Math.max(1, deliveries)) * 1e6).toFixed(1)} µs and load generators ` +
        `${((sumOf('load generator') / Math.max(1, deliveries)) * 1e6).toFixed(1)} µs per delivery; backends ${((sumOf('backend') / Math.max(1, changes)) * 1e3).toFixed(2)} ms, ` +
        `PostgreSQL ${((sumOf('PostgreSQL') / Math.max(1, changes)) * 1e3).toFixed(2)} ms and writer ${((sumOf('writer') / Math.max(1, changes)) * 1e3).toFixed(2)} ms per change`,
    );
    const { answeredAt: _answeredAt, ...writerFigures } = written;
    const answer = new LatencyHistogram();
    answer.addPairs(written.answer);
    const answerToClient = new Map<string, { histogram: LatencyHistogram; early: number }>();
    for (const arrivals of results.flatMap((result) => result.arrivals ?? [])) {
      for (const [seq, at, moved] of arrivals) {
        const answered = written.answeredAt[seq];
        if (answered === null || answered === undefined) continue;
        for (const group of ['all', moved ? 'moved' : 'stayed']) {
          const entry = answerToClient.get(group) ?? { histogram: new LatencyHistogram(), early: 0 };
          entry.histogram.add(at - answered);
          if (at < answered) entry.early++;
          answerToClient.set(group, entry);
        }
      }
    }
    return {
      backends: backends.length,
      clients,
      rateAsked: rate,
      secondsAsked: seconds,
      rateReached: written.sent / Math.max(written.sendingSeconds, 1 / rate),
      writer: { ...writerFigures, answer: figuresOf(answer) },
      answerToClient: [...answerToClient.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([group, { histogram, early }]) => ({ group, figures: figuresOf(histogram), early })),
      eventsPerTenant,
      complete: summaries.filter(isComplete).length,
      incomplete: summaries.filter((client) => !isComplete(client)),
      moved: summaries.filter((client) => client.moved).length,
      reconnects: summaries.reduce((sum, client) => sum + client.reconnects, 0),
      longestGapMs: Math.max(0, ...summaries.map((client) => client.longestGapMs)),
      drained,
      drainSeconds,
      latency,
      processes,
      loadBefore,
      loadAfter,
      killedAfterSeconds: killedAt === undefined ? undefined : (killedAt - started) / 1000,
    };
  } finally {
    for (const child of everyChild) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }
}
