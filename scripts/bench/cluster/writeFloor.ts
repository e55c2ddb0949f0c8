// The floor of the writes: a plain `pg` pool running, per change, the statement the backend runs for a
// PATCH (server/orders/orderChangeSql.ts: the order's UPDATE under its version, the tenant's event
// counter, the `order.updated` event and the history row, its own transaction), straight to the
// database with the same concurrency, orders and tenants. The event's text is built as the backend
// builds it, so the rows weigh the same.
import { Pool } from 'pg';
import type { OrderActor } from '../../../shared/OrderHistory';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { actorColumns, fieldChanges } from '../../../server/orders/orderHistoryChanges';
import { ORDER_CHANGE_SQL } from '../../../server/orders/orderChangeSql';
import { ORDER_COLUMNS, type OrderRecord, orderView } from '../../../server/orders/orderView';
import type { WriterOrder } from './api';
import type { WriteOutcome } from './writeLoop';

interface FloorTenant {
  tenantId: string;
  by: OrderActor & { type: 'user' };
  /** The orders as stored, kept up to date by the floor's own changes. */
  queue: OrderRecord[];
}

/** What the floor needs of each tenant: its id, its operator (the actor of the changes) and the orders' rows. */
async function readTenants(url: string, orders: readonly WriterOrder[][]): Promise<FloorTenant[]> {
  const database = await PostgresDatabase.open(url, 2);
  try {
    return await Promise.all(
      orders.map(async (list, tenant) => {
        const demo = DEMO_TENANTS[tenant];
        const [user] = await database.query<{ id: string; tenant_id: string; name: string }>('SELECT id, tenant_id, name FROM users WHERE email = $1', [
          demo?.user.email ?? '',
        ]);
        if (!user) throw new Error(`no operator of tenant ${tenant}`);
        const rows = await database.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[])`, [
          user.tenant_id,
          list.map((order) => order.id),
        ]);
        return { tenantId: user.tenant_id, by: { type: 'user', id: user.id, name: user.name }, queue: rows };
      }),
    );
  } finally {
    await database.close();
  }
}

export async function floorWriter(url: string, writers: number, orders: readonly WriterOrder[][]): Promise<{ change(writer: number): Promise<WriteOutcome>; close(): Promise<void> }> {
  const tenants = await readTenants(url, orders);
  const pool = new Pool({ connectionString: url, max: writers });
  let sequence = 0;
  return {
    async change(writer) {
      const tenant = tenants[writer % tenants.length] as FloorTenant;
      const current = tenant.queue.shift();
      if (!current) return 'error';
      let kept = current;
      try {
        const updatedAt = new Date().toISOString();
        const next: OrderRecord = { ...current, station: `F-${sequence++}`, version: current.version + 1, updated_at: updatedAt };
        const [after, before] = [orderView(next), orderView(current)];
        const { rows } = await pool.query<{ version: number }>({
          // Prepared per connection, as the backend keeps its statement.
          name: 'floor-change',
          text: ORDER_CHANGE_SQL,
          values: [
            tenant.tenantId,
            current.id,
            current.version,
            null,
            null,
            next.station,
            null,
            null,
            updatedAt,
            JSON.stringify({ ...after, previous: before, by: tenant.by }),
            ...actorColumns(tenant.by),
            JSON.stringify(fieldChanges(before, after)),
          ],
        });
        if (rows.length === 0) {
          // Changed by someone else meanwhile: read its version.
          const read = await pool.query<{ version: number }>('SELECT version FROM orders WHERE id = $1::uuid', [current.id]);
          kept = { ...current, version: Number(read.rows[0]?.version ?? current.version) };
          return 'conflict';
        }
        kept = next;
        return 'changed';
      } catch {
        return 'error';
      } finally {
        tenant.queue.push(kept);
      }
    },
    close: () => pool.end(),
  };
}
