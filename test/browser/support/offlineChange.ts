import path from 'node:path';
import type { Database } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/openDatabase';
import { InProcessEventHub } from '../../../server/events/InProcessEventHub';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { OrderStatus } from '../../../shared/OrderStatus';
import type { Role } from '../../../shared/Role';

/** Runs `work` on the stopped backend's embedded database (its data folder), then closes it. */
async function withStoppedBackendsDatabase<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'embedded', dataDir: path.resolve(dataDir) });
  try {
    await migrate(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Changes an order's status straight in the stopped backend's embedded database, the way the
 * backend itself writes: the change and its live event in one transaction.
 */
export function changeOrderStatusOffline(dataDir: string, orderId: string, status: OrderStatus): Promise<void> {
  return withStoppedBackendsDatabase(dataDir, async (database) => {
    const [row] = await database.query<{ tenant_id: string; version: number }>('SELECT tenant_id, version FROM orders WHERE id = $1::uuid', [orderId]);
    if (!row) {
      throw new Error(`no order ${orderId}`);
    }
    // The backend is stopped: no one listens to the event here; its streams replay it when it runs again.
    const changed = await new OrderRepository(database, new InProcessEventHub()).update(row.tenant_id, orderId, row.version, { status }, new Date());
    if (!changed) {
      throw new Error(`order ${orderId} changed meanwhile`);
    }
  });
}

/** Gives the user with `email` another role in the stopped backend's embedded database, as an admin would. */
export function setRoleOffline(dataDir: string, email: string, role: Role): Promise<void> {
  return withStoppedBackendsDatabase(dataDir, async (database) => {
    const changed = await database.query('UPDATE users SET role = $1 WHERE lower(email) = lower($2) RETURNING id', [role, email]);
    if (changed.length !== 1) {
      throw new Error(`no user ${email}`);
    }
  });
}
