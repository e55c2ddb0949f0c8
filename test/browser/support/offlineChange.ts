import path from 'node:path';
import { migrate } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/openDatabase';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { OrderStatus } from '../../../shared/OrderStatus';

/**
 * Changes an order's status straight in the stopped backend's embedded database (its data folder),
 * the way the backend itself writes: the change and its live event in one transaction.
 */
export async function changeOrderStatusOffline(dataDir: string, orderId: string, status: OrderStatus): Promise<void> {
  const database = await openDatabase({ kind: 'embedded', dataDir: path.resolve(dataDir) });
  try {
    await migrate(database);
    const [row] = await database.query<{ tenant_id: string; version: number }>('SELECT tenant_id, version FROM orders WHERE id = $1::uuid', [orderId]);
    if (!row) {
      throw new Error(`no order ${orderId}`);
    }
    const changed = await new OrderRepository(database).update(row.tenant_id, orderId, row.version, { status }, new Date());
    if (!changed) {
      throw new Error(`order ${orderId} changed meanwhile`);
    }
  } finally {
    await database.close();
  }
}
