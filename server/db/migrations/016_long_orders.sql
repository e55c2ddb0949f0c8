-- The long orders of each tenant (longer than a week: long-term rentals, repairs waiting for parts),
-- in an index of their own. A list page looks back from its range's begin for the ordinary orders
-- that overlap it no further than a week (orders/orderRangeSql.ts), and finds the few longer ones
-- here: one order of a year, or of a century stored before orders were bounded, no longer makes
-- every page of its tenant read back to where it begins. The predicate is the list's, word for word
-- (`IS_LONG`), so that the planner matches the two.
CREATE INDEX orders_tenant_long_idx ON orders (tenant_id, begin_at, id, end_at) WHERE end_at - begin_at > interval '7 days';
