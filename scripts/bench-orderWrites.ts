// The orders an operator handles at once and the history of one, for `npm run bench`: on the embedded
// database, a signed-in operator moves 1 000 orders to "confirmed" with one bulk request (beside the
// same moves sent as 1 000 single PATCH requests, the baseline), and reads the first page of the
// history of an order with 1 000 entries (beside reading the order itself). Requests go one after
// another over loopback.
//
//   npx tsx scripts/bench-orderWrites.ts [--write]   # prints the section; --write puts it into docs/benchmarks.md
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../server/seed/demoAccounts';
import { REPOSITORY_ROOT, type RunningServer, startServer } from '../server/startServer';
import { median } from './bench/median';
import { replaceSection } from './bench/replaceSection';

export const ORDER_WRITES_HEADING = '## Several orders at once, and an order\'s history';
const MEASUREMENTS_HEADING = '## Measurements behind the design';

const BULK_ORDERS = 1000;
const BULK_RUNS = 5;
const HISTORY_ENTRIES = 1000;
const HISTORY_READS = 300;

export interface OrderWritesResult {
  bulk: { runs: number[]; p50: number; max: number };
  singlePatches: { totalMs: number; perRequestP50: number };
  history: { p50: number; p95: number; entries: number };
  orderRead: { p50: number; p95: number };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function call(server: RunningServer, target: string, token: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const response = await fetch(`${server.url}${target}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${target} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** `count` new orders of the tenant, inserted directly (not measured); their ids. */
async function insertOrders(server: RunningServer, tenantId: string, count: number, label: string): Promise<string[]> {
  const rows = await server.database.query<{ id: string }>(
    `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email, customer_phone,
       vehicle_plate, vehicle_make, vehicle_model, price_amount, price_currency)
     SELECT gen_random_uuid(), $1, $2 || g, 'new', '2033-01-01T08:00:00Z', '2033-01-01T09:00:00Z', 'Kiel', 'Inspektion', 'Kundin', 'k@example.de',
            '+49 431 12345', 'KI-B ' || g, 'VW', 'Golf', 10000, 'EUR'
       FROM generate_series(1, $3::int) AS g
     RETURNING id::text AS id`,
    [tenantId, label, count],
  );
  return rows.map((row) => row.id);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function runOrderWritesBench(log: (line: string) => void = (line) => console.error(line)): Promise<OrderWritesResult> {
  const german = DEMO_TENANTS[0];
  if (!german) throw new Error('no demo tenant');
  const server = await startServer({ seedOrders: 20, simulate: false });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: german.user.email, password: DEMO_PASSWORD }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { id: string; tenant: { id: string } } };
    const tenantId = user.tenant.id;

    // Warm-up: the routes' code and statements once, not measured.
    const warm = await insertOrders(server, tenantId, 20, 'WARM-');
    await call(server, '/api/orders/bulk-status', token, { body: { status: 'confirmed', orders: warm.slice(0, 10).map((id) => ({ id, version: 1 })) } });
    for (const id of warm.slice(10)) await call(server, `/api/orders/${id}`, token, { method: 'PATCH', body: { status: 'confirmed' }, headers: { 'if-match': '"1"' } });

    const runs: number[] = [];
    for (let run = 0; run < BULK_RUNS; run++) {
      const ids = await insertOrders(server, tenantId, BULK_ORDERS, `BULK${run}-`);
      runs.push(await timed(() => call(server, '/api/orders/bulk-status', token, { body: { status: 'confirmed', orders: ids.map((id) => ({ id, version: 1 })) } })));
      log(`bulk move of ${BULK_ORDERS} orders: ${runs.at(-1)?.toFixed(0)} ms`);
    }

    const singles = await insertOrders(server, tenantId, BULK_ORDERS, 'SINGLE-');
    const perRequest: number[] = [];
    const totalMs = await timed(async () => {
      for (const id of singles) {
        perRequest.push(await timed(() => call(server, `/api/orders/${id}`, token, { method: 'PATCH', body: { status: 'confirmed' }, headers: { 'if-match': '"1"' } })));
      }
    });
    log(`${BULK_ORDERS} single PATCH requests: ${totalMs.toFixed(0)} ms`);

    const [orderId] = await insertOrders(server, tenantId, 1, 'HISTORY-');
    if (!orderId) throw new Error('the order of the history was not made');
    await server.database.query(
      `INSERT INTO order_history (tenant_id, order_id, kind, actor, changed_by, changed_at, changes)
       SELECT $1, $2, 'changed', 'user', $3, now() - (g || ' minutes')::interval, jsonb_build_object('notes', jsonb_build_object('from', 'Schritt ' || (g - 1), 'to', 'Schritt ' || g))
         FROM generate_series(1, $4::int) AS g`,
      [tenantId, orderId, user.id, HISTORY_ENTRIES],
    );
    const historyTimes: number[] = [];
    const readTimes: number[] = [];
    for (let read = 0; read < HISTORY_READS; read++) {
      historyTimes.push(await timed(async () => (await call(server, `/api/orders/${orderId}/history`, token)).json()));
      readTimes.push(await timed(async () => (await call(server, `/api/orders/${orderId}`, token)).json()));
    }
    return {
      bulk: { runs, p50: median(runs), max: Math.max(...runs) },
      singlePatches: { totalMs, perRequestP50: median(perRequest) },
      history: { p50: median(historyTimes), p95: percentile(historyTimes, 95), entries: HISTORY_ENTRIES },
      orderRead: { p50: median(readTimes), p95: percentile(readTimes, 95) },
    };
  } finally {
    await server.close();
  }
}

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

export function orderWritesSection(result: OrderWritesResult): string {
  const { bulk, singlePatches, history, orderRead } = result;
  return [
    `${ORDER_WRITES_HEADING} (embedded database)`,
    '',
    `One operator over loopback, requests one after another. The bulk move is ${BULK_RUNS} runs of ${BULK_ORDERS} fresh orders moved from new to confirmed;`,
    `its baseline is the same ${BULK_ORDERS} moves as single PATCH requests. The history is the first page (50 entries) of an order with ${history.entries} entries,`,
    `read ${HISTORY_READS} times beside reading the order itself.`,
    '',
    '| Figure | Value | Baseline (same run) | Ratio | Target |',
    '|---|---:|---:|---:|---|',
    `| move ${BULK_ORDERS} orders in one request, p50 / max | ${ms(bulk.p50)} / ${ms(bulk.max)} ms | ${BULK_ORDERS} single PATCH requests: ${ms(singlePatches.totalMs)} ms (${ms(singlePatches.perRequestP50)} ms each, p50) | ${(bulk.p50 / singlePatches.totalMs).toFixed(2)}× | < 1 s: ${verdict(bulk.max < 1000)} |`,
    `| first page of a ${history.entries}-entry history, p50 / p95 | ${ms(history.p50)} / ${ms(history.p95)} ms | the order itself: ${ms(orderRead.p50)} / ${ms(orderRead.p95)} ms | ${(history.p95 / orderRead.p95).toFixed(1)}× | p95 < 20 ms: ${verdict(history.p95 < 20)} |`,
    '',
  ].join('\n');
}

/** `document` with the section in place: replaced, or put before the measurements behind the design. */
export function withOrderWritesSection(document: string, section: string): string {
  if (document.includes(`\n${ORDER_WRITES_HEADING}`) || !document.includes(`\n${MEASUREMENTS_HEADING}`)) {
    return replaceSection(document, ORDER_WRITES_HEADING, section);
  }
  return document.replace(`\n${MEASUREMENTS_HEADING}`, `\n${section.trimEnd()}\n\n${MEASUREMENTS_HEADING}`);
}

async function main(): Promise<void> {
  const section = orderWritesSection(await runOrderWritesBench());
  console.log(`\n${section}`);
  if (process.argv.includes('--write')) {
    const file = path.join(REPOSITORY_ROOT, 'docs', 'benchmarks.md');
    writeFileSync(file, withOrderWritesSection(readFileSync(file, 'utf8'), section));
    console.log(`written to ${file}`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
