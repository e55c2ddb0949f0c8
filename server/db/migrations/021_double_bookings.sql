-- Double bookings: one vehicle in two orders of a tenant at overlapping times. The orders of a licence
-- plate, compared upper-cased without spaces and hyphens (`KI-AB 123` is `KIAB123`), by begin, with
-- their end and state: the check of a write (orders/doubleBookingSql.ts) and the list's
-- `doubleBooked` filter descend to the plate and read its orders that begin before the end, never the
-- tenant's other orders. The expression is the statements' `plateKey`, word for word, so that the
-- planner matches it.
CREATE INDEX orders_tenant_plate_idx ON orders (tenant_id, (upper(translate(vehicle_plate, ' -', ''))), begin_at) INCLUDE (end_at, status);
