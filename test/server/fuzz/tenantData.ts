import type { Database } from '../../../server/db/Database';

/** What of each tenant an answer to another tenant's user must never show. */
export interface TenantData {
  tenantId: string;
  orderIds: string[];
  /** Per order id, its version (for `If-Match` and bulk changes). */
  versions: Map<string, number>;
  userIds: string[];
  viewIds: string[];
  /** Every id, order number, e-mail address and the tenant's name. */
  markers: string[];
}

/** Each tenant's data as it is stored now, by tenant id. */
export async function readTenants(database: Database): Promise<Map<string, TenantData>> {
  const tenants = await database.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM tenants');
  const orders = await database.query<{ id: string; tenant: string; number: string; version: number }>('SELECT id::text AS id, tenant_id::text AS tenant, number, version FROM orders');
  const users = await database.query<{ id: string; tenant: string; email: string }>('SELECT id::text AS id, tenant_id::text AS tenant, email FROM users');
  const views = await database.query<{ id: string; tenant: string }>('SELECT v.id::text AS id, u.tenant_id::text AS tenant FROM saved_views v JOIN users u ON u.id = v.user_id');
  return new Map(
    tenants.map((tenant) => {
      const own = <T extends { tenant: string }>(rows: T[]) => rows.filter((row) => row.tenant === tenant.id);
      const data: TenantData = {
        tenantId: tenant.id,
        orderIds: own(orders).map((order) => order.id),
        versions: new Map(own(orders).map((order) => [order.id, order.version])),
        userIds: own(users).map((user) => user.id),
        viewIds: own(views).map((view) => view.id),
        markers: [tenant.id, tenant.name, ...own(orders).flatMap((order) => [order.id, order.number]), ...own(users).flatMap((user) => [user.id, user.email]), ...own(views).map((view) => view.id)],
      };
      return [tenant.id, data];
    }),
  );
}
