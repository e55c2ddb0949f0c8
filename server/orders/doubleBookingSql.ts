/**
 * The statements of double bookings: one vehicle (licence plate) in two orders of a tenant whose
 * times overlap as half-open intervals (`a.begin < b.end AND b.begin < a.end`: an order ending at
 * 10:00 and one beginning at 10:00 do not overlap). Cancelled and completed orders never count.
 * Plates are compared upper-cased without spaces and hyphens; the index of migration 021 holds that
 * key, so each check reads the orders of one plate only.
 */

/** The key a plate is compared by (an expression of `column`): the expression of migration 021's index, word for word. */
export function plateKey(column: string): string {
  return `upper(translate(${column}, ' -', ''))`;
}

/** Whether the order of `prefix` (a table alias with its dot, or '') counts for double bookings. */
export function counting(prefix = ''): string {
  return `${prefix}status NOT IN ('cancelled', 'completed')`;
}

/**
 * Takes the transaction's lock of a tenant's plate ($1 the tenant, $2 the plate as written): the
 * checks and writes of one plate follow one another, so that two of them cannot both find no
 * overlap and both write. Released at the commit or rollback.
 */
export const PLATE_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended($1::text || ':' || ${plateKey('$2::text')}, 0)) IS NULL AS locked`;

/**
 * The counting order of tenant $1 with plate $2 that overlaps [$3, $4), other than $5 (null: none),
 * the one beginning first.
 */
export const OVERLAPPING_ORDER_SQL = `SELECT id, number, begin_at, end_at, status FROM orders
  WHERE tenant_id = $1::uuid AND ${plateKey('vehicle_plate')} = ${plateKey('$2::text')}
    AND begin_at < $4::timestamptz AND end_at > $3::timestamptz
    AND id IS DISTINCT FROM $5::uuid AND ${counting()}
  ORDER BY begin_at, id LIMIT 1`;

/**
 * The condition that an order (a row of any table of the orders' columns, named unqualified) is
 * double-booked: it counts, and another counting order of its tenant and plate overlaps it. The
 * row's own values are taken first, by a sub-select without a table, so that the other order's
 * table may be `orders` too.
 */
export const DOUBLE_BOOKED = `(${counting()} AND EXISTS (SELECT 1
    FROM (SELECT tenant_id AS tenant, id AS self, ${plateKey('vehicle_plate')} AS plate, begin_at AS from_at, end_at AS to_at) AS this_order
    JOIN orders other ON other.tenant_id = this_order.tenant AND ${plateKey('other.vehicle_plate')} = this_order.plate
      AND other.begin_at < this_order.to_at AND other.end_at > this_order.from_at
      AND other.id <> this_order.self AND ${counting('other.')}))`;
