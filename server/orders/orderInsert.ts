import type { OrderActor } from '../../shared/OrderHistory';
import type { Queryable } from '../db/Database';
import { nextEventId, recordEvent } from '../events/EventLog';
import type { OrderChange } from '../events/OrderChange';
import { recordHistory } from './orderUpdates';
import { ORDER_COLUMNS, type OrderRecord, orderView } from './orderView';

/** An order as `create` takes it: the number, the dates and the version are the repository's. */
export type NewOrderRecord = Omit<OrderRecord, 'number' | 'status_rank' | 'created_at' | 'updated_at' | 'version'>;

/**
 * `OrderRepository.create` inside the transaction `tx`: the order stored at version 1, numbered after
 * the tenant's highest number that starts with `numberPrefix`, its creation kept in its history,
 * `within` run, and `order.created` recorded. Answers the order with its event.
 */
export async function insertOrder(
  tx: Queryable,
  tenantId: string,
  numberPrefix: string,
  order: NewOrderRecord,
  now: Date,
  by: OrderActor,
  within?: (tx: Queryable, record: OrderRecord) => Promise<void>,
): Promise<OrderChange> {
  // The event id first: the lock on the tenant's counter row keeps two creations of the tenant
  // from picking the same number.
  const eventId = await nextEventId(tx, tenantId);
  // Read backwards along (tenant_id, number): the prefix's numbers are the tenant's highest.
  const [last] = await tx.query<{ number: string }>(
    `SELECT number FROM orders WHERE tenant_id = $1::uuid AND number > $2::text AND number LIKE $3::text
      ORDER BY number DESC LIMIT 1`,
    [tenantId, numberPrefix, `${numberPrefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`],
  );
  const digits = last?.number.slice(numberPrefix.length) ?? '';
  const next = (/^\d+$/.test(digits) ? Number(digits) : 0) + 1;
  const number = `${numberPrefix}${String(next).padStart(Math.max(6, digits.length), '0')}`;
  const created = now.toISOString();
  const [row] = await tx.query<OrderRecord>(
    `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email,
       customer_phone, vehicle_plate, vehicle_make, vehicle_model, vehicle_vin, price_amount, price_currency, notes,
       created_at, updated_at, version)
     VALUES ($1::uuid, $2::uuid, $3, $4, date_trunc('milliseconds', $5::timestamptz), date_trunc('milliseconds', $6::timestamptz),
       $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
       date_trunc('milliseconds', $19::timestamptz), date_trunc('milliseconds', $19::timestamptz), 1)
     RETURNING ${ORDER_COLUMNS}`,
    [
      order.id,
      tenantId,
      number,
      order.status,
      order.begin_at,
      order.end_at,
      order.station,
      order.service,
      order.customer_name,
      order.customer_email,
      order.customer_phone,
      order.vehicle_plate,
      order.vehicle_make,
      order.vehicle_model,
      order.vehicle_vin,
      order.price_amount,
      order.price_currency,
      order.notes,
      created,
    ],
  );
  if (!row) {
    throw new Error('the new order was not returned');
  }
  await recordHistory(tx, tenantId, row.id, 'created', by, now);
  await within?.(tx, row);
  return { record: row, event: await recordEvent(tx, tenantId, eventId, 'order.created', { ...orderView(row), by }, now) };
}
