import { ORDER_COLUMNS } from './orderView';

/**
 * The statement of an order's change (OrderRepository.change), its own transaction: the row changed
 * when still at version $3, the tenant's next event id taken, `order.updated` stored ($10, the event's
 * JSON text), and the change kept in the order's history ($11 the actor's kind, $12 the user, $13 the
 * field changes), all at $9. Parameters $4…$8: status, notes, station, begin and end, null where
 * unchanged. Answers the changed row with its event id, or no row when the order is gone or at
 * another version. Exported for the write floor of the cluster bench, which runs it straight.
 */
export const ORDER_CHANGE_SQL = `WITH changed AS (
   UPDATE orders o SET
       status = coalesce($4::text, o.status),
       notes = coalesce($5::text, o.notes),
       station = coalesce($6::text, o.station),
       begin_at = coalesce(date_trunc('milliseconds', $7::timestamptz), o.begin_at),
       end_at = coalesce(date_trunc('milliseconds', $8::timestamptz), o.end_at),
       version = o.version + 1,
       updated_at = date_trunc('milliseconds', $9::timestamptz)
     WHERE o.tenant_id = $1::uuid AND o.id = $2::uuid AND o.version = $3::int
     RETURNING ${ORDER_COLUMNS}
 ), counter AS (
   INSERT INTO tenant_event_counters AS c (tenant_id, last_id) SELECT $1::uuid, 1 FROM changed
   ON CONFLICT (tenant_id) DO UPDATE SET last_id = c.last_id + 1
   RETURNING last_id
 ), stored AS (
   INSERT INTO order_events (tenant_id, id, type, data, created_at)
   SELECT $1::uuid, counter.last_id, 'order.updated', $10::text, $9::timestamptz FROM counter
 ), history AS (
   INSERT INTO order_history (tenant_id, order_id, kind, actor, changed_by, changed_at, changes)
   SELECT $1::uuid, changed.id, 'changed', $11::text, $12::uuid, $9::timestamptz, $13::jsonb FROM changed
 )
 SELECT changed.*, counter.last_id AS event_id FROM changed, counter`;
