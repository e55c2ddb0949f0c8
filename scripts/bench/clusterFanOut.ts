// The processor time of delivering live events, apart from writing changes: one backend process on
// PostgreSQL with event-stream clients in a load generator process (clusterClients.ts), and events
// stored straight into the database (as the order changes store them, `appendEvents`), `--batch` to a
// transaction, so that the backend reads them from the table and hands each stream a run of them in
// one write. Prints the processor time of the backend and of the load generator per delivery:
// comparing `--batch 1` with `--batch 10` at the same number of events tells what a write costs
// apart from what an event costs.
//
//   BENCH_DATABASE_URL=postgresql://… npx tsx scripts/bench/clusterFanOut.ts --clients 600 --events 200 --batch 10 --seconds 10
import { Client } from 'pg';
import { migrate } from '../../server/db/migrate';
import { PostgresDatabase } from '../../server/db/PostgresDatabase';
import { appendEvents } from '../../server/events/EventLog';
import { DEMO_TENANTS } from '../../server/seed/demoAccounts';
import { BackendProcesses } from '../../test/server/support/backendProcesses';
import type { ClientSpec } from './clusterClients';
import { ask, forkChild, login } from './clusterScenario';
import { readProc } from './procStats';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : Number(process.argv[index + 1]);
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL: a PostgreSQL server where a database may be created');
  const clients = flag('--clients', 600);
  const eventsPerSecond = flag('--events', 200);
  const batch = flag('--batch', 1);
  const seconds = flag('--seconds', 10);
  const name = 'cockpit_bench_fan_out';
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await PostgresDatabase.open(url.toString(), 4);
  await migrate(database);
  const backends = await BackendProcesses.start(1, { databaseUrl: url.toString(), seedOrders: 10 });
  const child = forkChild('clusterClients.ts');
  try {
    const backend = backends.at(0);
    const tenantIds = await Promise.all(
      DEMO_TENANTS.map(async (tenant) => (await database.query<{ id: string }>('SELECT id FROM tenants WHERE name = $1', [tenant.name]))[0]?.id as string),
    );
    const perTenant = Math.ceil(clients / 2);
    const tokens = await Promise.all([0, 1].map((tenant) => login([backend.url], tenant, Math.ceil(perTenant / 10))));
    const specs: ClientSpec[] = Array.from({ length: clients }, (_, index) => ({
      tenant: index % 2,
      home: 0,
      token: tokens[index % 2]?.[Math.floor(index / 2 / 10)] as string,
    }));
    await ask(child, { type: 'open', urls: [backend.url], clients: specs }, 'opened', 300_000);
    const lastIds = await Promise.all(
      tenantIds.map(async (id) => Number((await database.query<{ last_id: number }>('SELECT last_id FROM tenant_event_counters WHERE tenant_id = $1', [id]))[0]?.last_id ?? 0)),
    );
    await ask(child, { type: 'expect', lastIds }, 'expecting', 30_000);

    const before = { backend: readProc(backend.pid as number), clients: readProc(child.pid as number) };
    const started = performance.now();
    let written = 0;
    const total = eventsPerSecond * seconds;
    // Transactions of `batch` events, alternating tenants, on a fixed schedule.
    while (written < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * eventsPerSecond));
      while (written + batch <= due) {
        const tenant = tenantIds[(written / batch) % 2] as string;
        const now = new Date();
        const data = { id: tenant, station: 'Halle 1', notes: 'x'.repeat(600), updatedAt: now.toISOString(), previous: { notes: 'y'.repeat(600) } };
        await database.transaction((tx) => appendEvents(tx, tenant, Array.from({ length: batch }, () => ({ type: 'order.updated' as const, data })), now));
        written += batch;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const after = await Promise.all(
      tenantIds.map(async (id) => Number((await database.query<{ last_id: number }>('SELECT last_id FROM tenant_event_counters WHERE tenant_id = $1', [id]))[0]?.last_id ?? 0)),
    );
    for (;;) {
      const { lastIds: reached } = await ask(child, { type: 'progress' }, 'progress', 30_000);
      if (reached.every((id, tenant) => id >= (after[tenant] ?? 0))) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const elapsed = (performance.now() - started) / 1000;
    const end = { backend: readProc(backend.pid as number), clients: readProc(child.pid as number) };
    const result = await ask(child, { type: 'finish' }, 'result', 120_000);
    const deliveries = result.summaries.reduce((sum, client) => sum + client.received, 0);
    const complete = result.summaries.filter((client) => client.duplicates === 0 && client.missing === 0 && client.lastId === after[client.tenant]).length;
    const cpu = (which: 'backend' | 'clients') => (end[which]?.cpuSeconds ?? 0) - (before[which]?.cpuSeconds ?? 0);
    process.stdout.write(
      `${clients} clients, ${written} events in transactions of ${batch} (${eventsPerSecond}/s asked, ${(written / elapsed).toFixed(0)}/s reached), ` +
        `${deliveries} deliveries, ${complete} clients complete; processor time: backend ${cpu('backend').toFixed(2)} s = ${((cpu('backend') / deliveries) * 1e6).toFixed(2)} µs, ` +
        `load generator ${cpu('clients').toFixed(2)} s = ${((cpu('clients') / deliveries) * 1e6).toFixed(2)} µs per delivery\n`,
    );
  } finally {
    child.kill();
    await backends.stopAll();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
