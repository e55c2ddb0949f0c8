-- The long orders of each tenant (longer than 31 days: long-term rentals of months), and among them
-- the overlong ones (longer than the 366 days an order may last, stored before orders were bounded),
-- each in an index of their own. A list page looks back from its range's begin for the ordinary
-- orders that overlap it no further than the tenant's longest order, and never more than 31 days
-- (orders/orderRangeSql.ts); it finds the long ones that began earlier, within the year before the
-- range, and the overlong ones, here. One order of a year, or of a century, thus no longer makes
-- every page of its tenant read back through the orders before its range to where it begins. The
-- predicates are the list's, word for word (`IS_LONG`, `IS_OVERLONG`), so that the planner matches them.
CREATE INDEX orders_tenant_long_idx ON orders (tenant_id, begin_at, id, end_at) WHERE end_at - begin_at > interval '31 days';
CREATE INDEX orders_tenant_overlong_idx ON orders (tenant_id, begin_at, id, end_at) WHERE end_at - begin_at > interval '366 days';
