// The backend's side of `npm run bench`: the order list of one tenant with a million orders on the
// embedded database. Seeds the data once into ./data/bench (again only when it is missing or
// incomplete), starts the reference backend on 127.0.0.1 in a child process (so that the load
// generator does not share its event loop), signs in and measures with a bounded load generator
// (a few concurrent clients, a fixed number of requests in all) the latency of the first page over
// the whole range, of pages 200 cursors deep, of other sorts and filters, and of `/healthz` as the
// baseline of the same run; each figure also as a ratio to the baseline's p50. Every call is warmed up
// before anything is measured: the figures are those of a server that has run a while.
//
//   npx tsx scripts/bench-backend.ts            # prints a markdown table
//   import { runBackendBench } from './bench-backend';
import { fork } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openDatabase } from '../server/db/openDatabase';
import { migrate } from '../server/db/migrate';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../server/seed/demoAccounts';
import { seedDemoData } from '../server/seed/seedDemoData';
import { REPOSITORY_ROOT, type RunningServer, startServer } from '../server/startServer';
import type { OrderPage } from '../shared/Order';

export interface BackendBenchOptions {
  /** Where the embedded database is kept between runs. Default `<repository>/data/bench`. */
  dataDir?: string;
  /** A PostgreSQL database to measure on instead of the embedded one (seeded there when its order count differs from `orders`, which must be empty then). */
  databaseUrl?: string;
  /** Orders of the German demo tenant. Default 1 000 000. */
  orders?: number;
  /** Concurrent clients of the load generator. Default 4. */
  clients?: number;
  /** Requests per measured call (spread over the clients). Default 400. */
  requests?: number;
  /** How many pages deep the cursor is followed before deep pages are measured. Default 200. */
  depth?: number;
  /**
   * Requests sent before measuring, to every measured call in turn, not measured. A fresh server is
   * slower for its first two thousand requests or so: V8 compiles hot code, the database's
   * WebAssembly included, to its fastest tier only after it has run a while. Default 2000.
   */
  warmUp?: number;
  /** Progress lines. Default: to stderr. */
  log?: (line: string) => void;
}

export interface Latency {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** p50 and p95 divided by the p50 of `/healthz` in the same run. */
  p50Ratio: number;
  p95Ratio: number;
}

export interface BackendBenchResult {
  orders: number;
  /** Seconds to seed the orders in this run, or null when the data was there already. */
  seedSeconds: number | null;
  /** Seconds from opening the database to a listening server. */
  startSeconds: number;
  clients: number;
  depth: number;
  /** The range of the first page: every order of the tenant. */
  range: { begin: string; end: string };
  total: number;
  baseline: Latency;
  firstPage: Latency;
  deepPage: Latency;
  /** Further calls, by label. */
  others: Record<string, Latency>;
  /** The figures as a markdown table. */
  table: string;
}

const GERMAN = DEMO_TENANTS[0];
const SMALL_TENANT_ORDERS = 1000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Seeds `orders` orders into the German tenant unless `dataDir` holds them already; answers the seconds it took, or null. */
async function ensureData(dataDir: string, orders: number, log: (line: string) => void, databaseUrl?: string): Promise<number | null> {
  const location = databaseUrl ? ({ kind: 'postgres', url: databaseUrl } as const) : ({ kind: 'embedded', dataDir } as const);
  if (databaseUrl || existsSync(dataDir)) {
    const database = await openDatabase(location);
    try {
      await migrate(database);
      const [row] = await database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM orders o JOIN tenants t ON t.id = o.tenant_id WHERE t.name = $1`,
        [GERMAN?.name ?? ''],
      );
      if ((row?.count ?? 0) === orders) {
        log(`using the ${orders} orders in ${databaseUrl ? 'the database' : dataDir}`);
        return null;
      }
      log(`${databaseUrl ? 'the database' : dataDir} holds ${row?.count ?? 0} orders, not ${orders}: seeding again`);
    } finally {
      await database.close();
    }
    if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  }
  const database = await openDatabase(location);
  try {
    await migrate(database);
    log(`seeding ${orders} orders into ${GERMAN?.name} (${dataDir})…`);
    const started = performance.now();
    await seedDemoData(database, {
      ordersPerTenant: SMALL_TENANT_ORDERS,
      ordersByTenant: { [GERMAN?.orderPrefix ?? 'AN']: orders },
      now: new Date(),
    });
    const seconds = (performance.now() - started) / 1000;
    log(`seeded in ${seconds.toFixed(1)} s`);
    return seconds;
  } finally {
    await database.close();
  }
}

/** A GET over a kept-alive connection of `agent`, the answer read to its end; answers the status. */
function statusOf(url: string, headers: http.OutgoingHttpHeaders, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Sends `requests` GET requests for `url(i)` from `clients` concurrent clients (each waits for its
 * answer, body included, before sending the next) and answers the latencies in milliseconds.
 * Plain `node:http` over the kept-alive connections of `agent`: the load generator shares the
 * machine with the server, and `fetch` took about three times the processor time per request.
 */
async function load(
  url: (index: number) => string,
  token: string,
  requests: number,
  clients: number,
  agent: http.Agent,
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const headers = { authorization: `Bearer ${token}` };
  const client = async () => {
    for (let index = next++; index < requests; index = next++) {
      const started = performance.now();
      const status = await statusOf(url(index), headers, agent);
      latencies.push(performance.now() - started);
      if (status !== 200) {
        throw new Error(`${url(index)} answered ${status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return latencies.sort((a, b) => a - b);
}

function latency(sorted: readonly number[], baselineP50: number): Latency {
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  return { requests: sorted.length, p50, p95, max: sorted[sorted.length - 1] ?? NaN, p50Ratio: p50 / baselineP50, p95Ratio: p95 / baselineP50 };
}

function markdownTable(rows: [string, Latency][]): string {
  const ms = (value: number) => value.toFixed(1);
  const ratio = (value: number) => `${value.toFixed(1)}×`;
  return [
    '| Call | Requests | p50 ms | p95 ms | max ms | p50 / baseline p50 | p95 / baseline p50 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(([label, l]) => `| ${label} | ${l.requests} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.max)} | ${ratio(l.p50Ratio)} | ${ratio(l.p95Ratio)} |`),
  ].join('\n');
}

export async function runBackendBench(options: BackendBenchOptions = {}): Promise<BackendBenchResult> {
  const dataDir = options.dataDir ?? path.join(REPOSITORY_ROOT, 'data', 'bench');
  const orders = options.orders ?? 1_000_000;
  const clients = options.clients ?? 4;
  const requests = options.requests ?? 400;
  const depth = options.depth ?? 200;
  const warmUp = options.warmUp ?? 2000;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  const seedSeconds = await ensureData(dataDir, orders, log, options.databaseUrl);
  const started = performance.now();
  const server = await startChild(options.databaseUrl ?? dataDir);
  const startSeconds = (performance.now() - started) / 1000;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: GERMAN?.user.email, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const { range } = server;
    const list = (query: string) => `${server.url}/api/orders?begin=${encodeURIComponent(range.begin)}&end=${encodeURIComponent(range.end)}&limit=100${query}`;
    const get = async (url: string): Promise<OrderPage> => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as OrderPage;
    };

    // Warm-up (also of the database's caches), not measured.
    await load(() => `${server.url}/healthz`, token, 50, clients, agent);
    await load(() => list(''), token, 50, clients, agent);

    log(`following the cursor ${depth} pages deep…`);
    const first = await get(list(''));
    const deepCursors: string[] = [];
    let cursor = first.nextCursor;
    for (let page = 1; cursor && page < depth + 10; page++) {
      if (page >= depth) deepCursors.push(cursor);
      cursor = (await get(list(`&cursor=${cursor}`))).nextCursor;
    }
    if (deepCursors.length === 0) throw new Error(`fewer than ${depth} pages`);

    const healthz = () => `${server.url}/healthz`;
    const deep = (i: number) => list(`&cursor=${deepCursors[i % deepCursors.length]}`);
    const sorts = ['begin', 'number', '-number', 'status', '-status', 'price', '-price'] as const;
    const week = new Date(Date.parse(range.begin) + 60 * 86_400_000);
    const weekRange = `begin=${encodeURIComponent(week.toISOString())}&end=${encodeURIComponent(new Date(week.getTime() + 7 * 86_400_000).toISOString())}`;
    const inWeek = (query: string) => () => `${server.url}/api/orders?${weekRange}&limit=100${query}`;
    // Filters the per-day counts do not know: each counted from the orders of its range (migration 014).
    const filters = [
      ['station Kiel', '&station=Kiel'],
      ['service Glasreparatur (3 % of the orders)', `&service=${encodeURIComponent('Glasreparatur')}`],
      ['a station without orders', '&station=Husum'],
      ['price 100–200 €', '&priceMin=10000&priceMax=20000'],
      ['station Kiel, service Inspektion, status new', '&station=Kiel&service=Inspektion&status=new'],
    ] as const;
    const facets = () => `${server.url}/api/orders/facets`;
    const calls = [
      healthz,
      () => list(''),
      deep,
      ...sorts.map((sort) => () => list(`&sort=${sort}`)),
      () => list('&status=new&status=confirmed'),
      inWeek(''),
      inWeek('&sort=price'),
      ...filters.map(([, query]) => () => list(query)),
      inWeek('&station=Kiel'),
      facets,
    ];

    log(`warming up (${warmUp} requests)…`);
    await load((i) => (calls[i % calls.length] ?? healthz)(i), token, warmUp, clients, agent);

    log('measuring…');
    const baselineTimes = await load(healthz, token, requests, clients, agent);
    const baselineP50 = percentile(baselineTimes, 50);
    const rows: [string, Latency][] = [];
    const measure = async (label: string, url: (index: number) => string): Promise<Latency> => {
      const figures = latency(await load(url, token, requests, clients, agent), baselineP50);
      rows.push([label, figures]);
      return figures;
    };
    const baseline = latency(baselineTimes, baselineP50);
    rows.push(['`/healthz` (baseline)', baseline]);
    const firstPage = await measure('first page, whole range, `-begin` (default)', () => list(''));
    const deepPage = await measure(`page ${depth}…${depth + deepCursors.length - 1} by cursor, \`-begin\``, deep);
    const others: Record<string, Latency> = {};
    {
      // The same first page from a single client: the time one request takes when none waits for another.
      const single = latency(await load(() => list(''), token, Math.ceil(requests / 2), 1, agent), baselineP50);
      rows.push(['first page, whole range, `-begin`, **one client**', single]);
      others['first page, one client'] = single;
    }
    for (const sort of sorts) {
      others[`first page, sort ${sort}`] = await measure(`first page, whole range, \`${sort}\``, () => list(`&sort=${sort}`));
    }
    others['first page, status new+confirmed'] = await measure('first page, whole range, status new + confirmed', () => list('&status=new&status=confirmed'));
    others['first page, one week'] = await measure('first page, one week in the middle, `-begin`', inWeek(''));
    others['first page, one week by price'] = await measure('first page, one week in the middle, `price`', inWeek('&sort=price'));
    for (const [label, query] of filters) {
      others[`first page, ${label}`] = await measure(`first page, whole range, ${label}`, () => list(query));
    }
    others['first page, one week, station Kiel'] = await measure('first page, one week in the middle, station Kiel', inWeek('&station=Kiel'));
    others.facets = await measure('`/api/orders/facets`', facets);

    const table = markdownTable(rows);
    return { orders, seedSeconds, startSeconds, clients, depth, range, total: first.total, baseline, firstPage, deepPage, others, table };
  } finally {
    agent.destroy();
    await server.close();
  }
}

interface ChildReady {
  url: string;
  range: { begin: string; end: string };
}

const SERVE_FLAG = '--serve-bench-data';

/** Starts the backend on `dataDir` (or a PostgreSQL URL) in a child process; answers its URL, the German tenant's range and a way to stop it. */
async function startChild(dataDir: string): Promise<ChildReady & { close(): Promise<void> }> {
  const child = fork(path.join(REPOSITORY_ROOT, 'scripts', 'bench-backend.ts'), [SERVE_FLAG, dataDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<ChildReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ChildReady));
    child.once('exit', (code) => reject(new Error(`the backend stopped (exit code ${code})`)));
  });
  return {
    ...ready,
    close: async () => {
      child.send('stop');
      await exited;
    },
  };
}

/** In the child: the backend on the bench data, until the parent says stop. */
async function serve(dataDir: string): Promise<void> {
  const where = /^postgres(ql)?:/.test(dataDir) ? { databaseUrl: dataDir } : { database: dataDir };
  const server: RunningServer = await startServer({ ...where, host: '127.0.0.1', port: 0, seedOrders: 0, staticDir: '/nonexistent' });
  const [bounds] = await server.database.query<{ begin: string; end: string }>(
    `SELECT min(o.begin_at) AS begin, max(o.end_at) AS "end" FROM orders o JOIN tenants t ON t.id = o.tenant_id WHERE t.name = $1`,
    [GERMAN?.name ?? ''],
  );
  process.once('message', () => {
    void server.close().then(() => process.exit(0));
  });
  process.send?.({ url: server.url, range: { begin: bounds?.begin ?? '', end: bounds?.end ?? '' } } satisfies ChildReady);
}

async function main(): Promise<void> {
  const result = await runBackendBench();
  const lines = [
    `Backend: ${result.orders} orders in one tenant (embedded database), ${result.clients} concurrent clients on 127.0.0.1.`,
    result.seedSeconds === null ? 'Data reused from an earlier run.' : `Seeding took ${result.seedSeconds.toFixed(1)} s.`,
    `Server start (open, migrate): ${result.startSeconds.toFixed(1)} s. First page total: ${result.total}.`,
    '',
    result.table,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

const serveIndex = process.argv.indexOf(SERVE_FLAG);
if (serveIndex > 0 && process.send) {
  serve(process.argv[serveIndex + 1] ?? '').catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
} else if (typeof __filename !== 'undefined' && process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
