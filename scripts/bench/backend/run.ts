// The backend's side of `npm run bench`: the order list of one tenant with a million orders on the
// embedded database. Seeds the data once into ./data/bench (again only when it is missing or
// incomplete), starts the reference backend on 127.0.0.1 in a child process (so that the load
// generator does not share its event loop), signs in and measures with a bounded load generator
// (a few concurrent clients, a fixed number of requests in all) the latency of the first page over
// the whole range, of pages 200 cursors deep, of other sorts and filters, and of `/healthz` as the
// baseline of the same run; each figure also as a ratio to the baseline's p50. Every call is warmed up
// before anything is measured: the figures are those of a server that has run a while.
//
// On its own: `npx tsx scripts/bench/backend/main.ts` prints the table.
import http from 'node:http';
import path from 'node:path';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { REPOSITORY_ROOT } from '../../../server/startServer';
import type { OrderPage } from '../../../shared/Order';
import { percentileOfSorted } from '../shared/percentile';
import { signInToApi } from '../shared/signIn';
import { latency, load } from './load';
import type { BackendBenchOptions, BackendBenchResult, Latency } from './result';
import { ensureData } from './seed';
import { startChild } from './server';
import { markdownTable } from './report';

const GERMAN = DEMO_TENANTS[0];

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
    const { token } = await signInToApi(server.url, GERMAN?.user.email);
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
    const baselineP50 = percentileOfSorted(baselineTimes, 50);
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
