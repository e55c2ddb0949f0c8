import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/Database';
import { bulkLoad } from '../db/bulkLoad';
import { DEMO_PASSWORD, DEMO_TENANTS } from './demoAccounts';
import { ORDER_PROFILES } from './orderProfiles';
import { seedOrders } from './seedOrders';

export interface SeedOptions {
  /** Orders per tenant. */
  ordersPerTenant: number;
  now: Date;
}

/**
 * Creates the demo tenants, their operators and orders, once: only while there is no tenant yet.
 * Everything happens in one transaction, so an interrupted first start leaves nothing half done.
 * Returns whether anything was created.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<boolean> {
  const hashes = await Promise.all(DEMO_TENANTS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM tenants');
    if ((existing[0]?.count ?? 0) > 0) {
      return false;
    }
    const tenantIds: string[] = [];
    for (const [index, tenant] of DEMO_TENANTS.entries()) {
      const tenantId = randomUUID();
      const { user } = tenant;
      tenantIds.push(tenantId);
      await tx.query('INSERT INTO tenants (id, name, created_at) VALUES ($1, $2, $3)', [
        tenantId,
        tenant.name,
        options.now.toISOString(),
      ]);
      await tx.query(
        `INSERT INTO users (id, tenant_id, email, name, password_hash, language, theme_color1, theme_color2, theme_color3, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
        [
          randomUUID(),
          tenantId,
          user.email,
          user.name,
          hashes[index] ?? '',
          user.language,
          user.theme.color1 ?? null,
          user.theme.color2 ?? null,
          user.theme.color3 ?? null,
          options.now.toISOString(),
        ],
      );
    }
    if (options.ordersPerTenant > 0) {
      await bulkLoad(tx, 'orders', async () => {
        for (const [index, tenant] of DEMO_TENANTS.entries()) {
          await seedOrders(tx, {
            tenantId: tenantIds[index] ?? '',
            count: options.ordersPerTenant,
            now: options.now,
            numberPrefix: tenant.orderPrefix,
            profile: ORDER_PROFILES[tenant.profile],
            salt: index + 1,
          });
        }
      });
    }
    return true;
  });
}
