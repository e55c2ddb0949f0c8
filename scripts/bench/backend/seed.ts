// The backend bench's data: a million orders of the German demo tenant, seeded once and kept.
import { existsSync, rmSync } from 'node:fs';
import { migrate } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/openDatabase';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { seedDemoData } from '../../../server/seed/seedDemoData';

const GERMAN = DEMO_TENANTS[0];
const SMALL_TENANT_ORDERS = 1000;

/** Seeds `orders` orders into the German tenant unless `dataDir` holds them already; answers the seconds it took, or null. */
export async function ensureData(dataDir: string, orders: number, log: (line: string) => void, databaseUrl?: string): Promise<number | null> {
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
