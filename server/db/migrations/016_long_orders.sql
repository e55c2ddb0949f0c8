-- The long orders of each tenant (longer than 31 days: long-term rentals of months), and among them
-- the overlong ones (longer than the 366 days an order may last, stored before orders were bounded),
-- each in an index of their own. A list page looks back from its range's begin for the ordinary
-- orders that overlap it no further than the tenant's longest ordinary order (below), and finds the
-- long ones that began earlier, within the year before the range, and the overlong ones, here
-- (orders/orderRangeSql.ts). One order of a year, or of a century, thus no longer makes every page
-- of its tenant read back through the orders before its range to where it begins. The predicates
-- are the list's, word for word (`IS_LONG`, `IS_OVERLONG`), so that the planner matches them.
CREATE INDEX orders_tenant_long_idx ON orders (tenant_id, begin_at, id, end_at) WHERE end_at - begin_at > interval '31 days';
CREATE INDEX orders_tenant_overlong_idx ON orders (tenant_id, begin_at, id, end_at) WHERE end_at - begin_at > interval '366 days';

-- `order_tenant_bounds.max_duration` becomes the longest ordinary order of each tenant (31 days at
-- most): how far a page looks back for them. A long order no longer widens it, however long it is.
-- The triggers of migration 012 as they were, but for the orders they take into account.
CREATE OR REPLACE FUNCTION orders_statistics_per_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  origin CONSTANT timestamptz := TIMESTAMPTZ '2000-01-01 00:00:00+00';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM orders_statistics_apply(coalesce((
      SELECT jsonb_agg(d) FROM (
        SELECT tenant_id, 'begin' AS side, status_rank, date_bin('1 day', begin_at, origin) AS day, 1 AS n FROM new_rows
        UNION ALL SELECT tenant_id, 'end', status_rank, date_bin('1 day', end_at, origin), 1 FROM new_rows
      ) d), '[]'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM orders_statistics_apply(coalesce((
      SELECT jsonb_agg(d) FROM (
        SELECT tenant_id, 'begin' AS side, status_rank, date_bin('1 day', begin_at, origin) AS day, -1 AS n FROM old_rows
        UNION ALL SELECT tenant_id, 'end', status_rank, date_bin('1 day', end_at, origin), -1 FROM old_rows
      ) d), '[]'));
  ELSE
    PERFORM orders_statistics_apply(coalesce((
      SELECT jsonb_agg(d) FROM (
        SELECT o.tenant_id, 'begin' AS side, o.status_rank, date_bin('1 day', o.begin_at, origin) AS day, -1 AS n
          FROM old_rows o JOIN new_rows n USING (id)
         WHERE (o.tenant_id, o.status_rank, o.begin_at, o.end_at) IS DISTINCT FROM (n.tenant_id, n.status_rank, n.begin_at, n.end_at)
        UNION ALL
        SELECT o.tenant_id, 'end', o.status_rank, date_bin('1 day', o.end_at, origin), -1
          FROM old_rows o JOIN new_rows n USING (id)
         WHERE (o.tenant_id, o.status_rank, o.begin_at, o.end_at) IS DISTINCT FROM (n.tenant_id, n.status_rank, n.begin_at, n.end_at)
        UNION ALL
        SELECT n.tenant_id, 'begin', n.status_rank, date_bin('1 day', n.begin_at, origin), 1
          FROM old_rows o JOIN new_rows n USING (id)
         WHERE (o.tenant_id, o.status_rank, o.begin_at, o.end_at) IS DISTINCT FROM (n.tenant_id, n.status_rank, n.begin_at, n.end_at)
        UNION ALL
        SELECT n.tenant_id, 'end', n.status_rank, date_bin('1 day', n.end_at, origin), 1
          FROM old_rows o JOIN new_rows n USING (id)
         WHERE (o.tenant_id, o.status_rank, o.begin_at, o.end_at) IS DISTINCT FROM (n.tenant_id, n.status_rank, n.begin_at, n.end_at)
      ) d), '[]'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_tenant_bounds AS b (tenant_id, max_duration)
    SELECT tenant_id, max(end_at - begin_at) FROM new_rows WHERE end_at - begin_at <= interval '31 days' GROUP BY tenant_id
    ON CONFLICT (tenant_id) DO UPDATE SET max_duration = EXCLUDED.max_duration WHERE b.max_duration < EXCLUDED.max_duration;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION refresh_order_statistics() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_day_counts;
  DELETE FROM order_tenant_bounds;
  INSERT INTO order_day_counts (tenant_id, side, status_rank, day, orders)
    SELECT tenant_id, 'begin', status_rank, date_bin('1 day', begin_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
      FROM orders GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT tenant_id, 'end', status_rank, date_bin('1 day', end_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
      FROM orders GROUP BY 1, 2, 3, 4;
  INSERT INTO order_tenant_bounds (tenant_id, max_duration)
    SELECT tenant_id, max(end_at - begin_at) FROM orders WHERE end_at - begin_at <= interval '31 days' GROUP BY tenant_id;
$$;

DELETE FROM order_tenant_bounds;
INSERT INTO order_tenant_bounds (tenant_id, max_duration)
  SELECT tenant_id, max(end_at - begin_at) FROM orders WHERE end_at - begin_at <= interval '31 days' GROUP BY tenant_id;
