import { randomUUID } from 'node:crypto';
import { hashPassword, OWASP_SCRYPT_COST, type ScryptCost } from '../auth/passwords';
import type { Database } from '../db/Database';
import { bulkLoad } from '../db/bulkLoad';
import { SCHEMA_LOCK } from '../db/migrate';
import { DEMO_PASSWORD, DEMO_TENANTS, demoUsersOf } from './demoAccounts';
import { ORDER_PROFILES } from './orderProfiles';
import { seedOrders } from './seedOrders';

export interface SeedOptions {
  /** Orders per tenant. */
  ordersPerTenant: number;
  /**
   * Orders of single tenants instead, by the prefix of their order numbers (`AN` Autohaus Nord,
   * `CF` City Fleet Rentals): `{ AN: 1_000_000 }` gives the German tenant a million orders and the
   * other `ordersPerTenant`.
   */
  ordersByTenant?: Readonly<Record<string, number>>;
  now: Date;
  /** The cost of the demo accounts' password hash. Default OWASP's (auth/passwords.ts). */
  passwordCost?: ScryptCost;
}

const demoHashes = new Map<string, Promise<string>>();

/**
 * The hash of the demo password at `cost`, made once per process and cost: every demo account of
 * every database seeded here has it (the salt too), so that seeding many databases hashes once.
 */
function demoPasswordHash(cost: ScryptCost): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = demoHashes.get(key);
  if (!hash) {
    hash = hashPassword(DEMO_PASSWORD, cost);
    hash.catch(() => demoHashes.delete(key));
    demoHashes.set(key, hash);
  }
  return hash;
}

/** The orders of each demo tenant under `options`. */
export function demoOrderCounts(options: Pick<SeedOptions, 'ordersPerTenant' | 'ordersByTenant'>): number[] {
  return DEMO_TENANTS.map((tenant) => options.ordersByTenant?.[tenant.orderPrefix] ?? options.ordersPerTenant);
}

/**
 * Reads `SEED_TENANT_ORDERS`-style text: `AN=1000000,CF=5000` (prefix of the order numbers = count).
 * Throws on anything else, naming the demo tenants' prefixes.
 */
export function parseOrdersByTenant(text: string, max = 10_000_000): Record<string, number> {
  const prefixes = DEMO_TENANTS.map((tenant) => tenant.orderPrefix);
  const result: Record<string, number> = {};
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]+)\s*[=:]\s*(\d+)$/.exec(entry);
    const prefix = match?.[1]?.toUpperCase() ?? '';
    const count = Number(match?.[2]);
    if (!match || !prefixes.includes(prefix) || !Number.isSafeInteger(count) || count > max) {
      throw new Error(`expected PREFIX=COUNT[,PREFIX=COUNT] with PREFIX one of ${prefixes.join(', ')} and COUNT up to ${max}, not "${entry}"`);
    }
    result[prefix] = count;
  }
  return result;
}

/**
 * Creates the demo tenants, their accounts and orders, once: only while there is no tenant yet.
 * Everything happens in one transaction, so an interrupted first start leaves nothing half done, under
 * the schema lock (db/migrate.ts), so processes starting together on an empty database seed once.
 * The orders are bulk loaded (db/bulkLoad.ts) without the triggers that keep the order statistics,
 * which are computed once afterwards; then the table is vacuumed and analysed, so that the planner
 * knows its size and index-only scans work from the start.
 * Returns whether anything was created.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<boolean> {
  // Made before the transaction: hashing takes a while.
  const demoHash = await demoPasswordHash(options.passwordCost ?? OWASP_SCRYPT_COST);
  const seeded = await db.transaction(async (tx) => {
    // Processes starting together on an empty database: one seeds, the others then find its tenants.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const existing = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM tenants');
    if ((existing[0]?.count ?? 0) > 0) {
      return false;
    }
    const tenantIds: string[] = [];
    for (const tenant of DEMO_TENANTS) {
      const tenantId = randomUUID();
      tenantIds.push(tenantId);
      await tx.query(
        `INSERT INTO tenants (id, name, theme_color1, theme_color2, theme_color3, created_at, order_prefix)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [tenantId, tenant.name, tenant.theme.color1 ?? null, tenant.theme.color2 ?? null, tenant.theme.color3 ?? null, options.now.toISOString(), tenant.orderPrefix],
      );
      for (const user of demoUsersOf(tenant)) {
        await tx.query(
          `INSERT INTO users (id, tenant_id, email, name, password_hash, language, role, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
          [randomUUID(), tenantId, user.email, user.name, demoHash, user.language, user.role, options.now.toISOString()],
        );
      }
    }
    const counts = demoOrderCounts(options);
    if (counts.some((count) => count > 0)) {
      await tx.exec('ALTER TABLE orders DISABLE TRIGGER USER');
      await bulkLoad(tx, 'orders', async () => {
        for (const [index, tenant] of DEMO_TENANTS.entries()) {
          const count = counts[index] ?? 0;
          if (count === 0) {
            continue;
          }
          await seedOrders(tx, {
            tenantId: tenantIds[index] ?? '',
            count,
            now: options.now,
            numberPrefix: tenant.orderPrefix,
            profile: ORDER_PROFILES[tenant.profile],
            salt: index + 1,
          });
        }
      });
      await tx.exec('ALTER TABLE orders ENABLE TRIGGER USER');
      await tx.query('SELECT refresh_order_statistics()');
    }
    return true;
  });
  if (seeded) {
    // Outside the transaction: VACUUM cannot run inside one.
    await db.exec('VACUUM (ANALYZE) orders');
    await db.exec('ANALYZE order_day_counts');
  }
  return seeded;
}
