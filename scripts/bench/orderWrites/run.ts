// The orders an operator handles at once and the history of one, for `npm run bench`: on the embedded
// database, a signed-in operator moves 1 000 orders to "confirmed" with one bulk request (beside the
// same moves sent as 1 000 single PATCH requests, the baseline), and reads the first page of the
// history of an order with 1 000 entries (beside reading the order itself). Requests go one after
// another over loopback.
//
//   npx tsx scripts/bench/orderWrites/main.ts [--write]   # prints the section; --write puts it into docs/benchmarks.md
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { type RunningServer, startServer } from '../../../server/startServer';
import { median } from '../shared/median';
import { percentile } from '../shared/percentile';
import { signInToApi } from '../shared/signIn';
import { BULK_ORDERS, BULK_RUNS, HISTORY_ENTRIES, HISTORY_READS, type OrderWritesResult } from './result';

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
    const { token, user } = await signInToApi(server.url, german.user.email);
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
