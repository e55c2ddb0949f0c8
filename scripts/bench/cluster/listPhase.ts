// The order list with a million orders per tenant on the bench's PostgreSQL server: the measurement of
// "Backend: order list" (scripts/bench/backend/) on a database of its own, as it stands.
import { migrate } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/openDatabase';
import { seedDemoData } from '../../../server/seed/seedDemoData';
import type { BackendBenchResult } from '../backend/result';
import { runBackendBench } from '../backend/run';
import { createDatabase } from './postgresServer';

export type ListResult = BackendBenchResult & { seedSeconds: number };

export async function runListPhase(serverUrl: string, orders: number, log: (line: string) => void): Promise<ListResult> {
  const listDatabase = await createDatabase(serverUrl, 'cockpit_bench_list');
  try {
    const database = await openDatabase({ kind: 'postgres', url: listDatabase.url });
    let seedSeconds: number;
    try {
      await migrate(database);
      log(`seeding ${orders} orders per tenant…`);
      const started = performance.now();
      await seedDemoData(database, { ordersPerTenant: orders, now: new Date() });
      seedSeconds = (performance.now() - started) / 1000;
      log(`seeded in ${seedSeconds.toFixed(1)} s`);
    } finally {
      await database.close();
    }
    const measured = await runBackendBench({
      databaseUrl: listDatabase.url,
      orders,
      // Pages of 100: 200 deep, or half the pages of a smaller run.
      depth: Math.max(1, Math.min(200, Math.floor(orders / 200))),
      log,
    });
    return { ...measured, seedSeconds };
  } finally {
    await listDatabase.drop();
  }
}
