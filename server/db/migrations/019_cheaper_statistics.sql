-- The per-day counts and the tenants' longest orders (migrations 012 and 016) at a lower price per
-- change:
-- - `orders_statistics_apply` in PL/pgSQL instead of SQL: PostgreSQL keeps the plan of its statement
--   for the session, where a SQL function that cannot be inlined is parsed and planned anew at every
--   call, that is at every change of an order's state or times.
-- - A change that leaves every order's tenant, state and times as they were (notes, station, the
--   service) applies nothing and no longer takes the tenant's bounds row: the count of deltas comes
--   first, and only orders whose times changed can make the tenant's longest order longer.
CREATE OR REPLACE FUNCTION orders_statistics_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH summed AS (
    SELECT (d->>'tenant_id')::uuid AS tenant_id, d->>'side' AS side, (d->>'status_rank')::smallint AS status_rank,
           (d->>'day')::timestamptz AS day, sum((d->>'n')::bigint) AS n
      FROM jsonb_array_elements(deltas) AS d
     GROUP BY 1, 2, 3, 4
  ), taken AS (
    UPDATE order_day_counts c SET orders = c.orders + s.n
      FROM summed s
     WHERE s.n < 0 AND c.tenant_id = s.tenant_id AND c.side = s.side AND c.status_rank = s.status_rank AND c.day = s.day
  )
  INSERT INTO order_day_counts AS c (tenant_id, side, status_rank, day, orders)
  SELECT tenant_id, side, status_rank, day, n FROM summed WHERE n > 0
  ON CONFLICT (tenant_id, side, status_rank, day) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
END
$$;

CREATE OR REPLACE FUNCTION orders_statistics_per_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  origin CONSTANT timestamptz := TIMESTAMPTZ '2000-01-01 00:00:00+00';
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM orders_statistics_apply(coalesce((
      SELECT jsonb_agg(d) FROM (
        SELECT tenant_id, 'begin' AS side, status_rank, date_bin('1 day', begin_at, origin) AS day, 1 AS n FROM new_rows
        UNION ALL SELECT tenant_id, 'end', status_rank, date_bin('1 day', end_at, origin), 1 FROM new_rows
      ) d), '[]'));
    INSERT INTO order_tenant_bounds AS b (tenant_id, max_duration)
    SELECT tenant_id, max(end_at - begin_at) FROM new_rows WHERE end_at - begin_at <= interval '31 days' GROUP BY tenant_id
    ON CONFLICT (tenant_id) DO UPDATE SET max_duration = EXCLUDED.max_duration WHERE b.max_duration < EXCLUDED.max_duration;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM orders_statistics_apply(coalesce((
      SELECT jsonb_agg(d) FROM (
        SELECT tenant_id, 'begin' AS side, status_rank, date_bin('1 day', begin_at, origin) AS day, -1 AS n FROM old_rows
        UNION ALL SELECT tenant_id, 'end', status_rank, date_bin('1 day', end_at, origin), -1 FROM old_rows
      ) d), '[]'));
  ELSE
    SELECT jsonb_agg(d) INTO deltas FROM (
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
    ) d;
    -- No order's tenant, state or times changed: neither the counts nor the bounds can.
    IF deltas IS NOT NULL THEN
      PERFORM orders_statistics_apply(deltas);
      -- The bound only grows between two refreshes, and an order whose times stayed counted when they were set.
      INSERT INTO order_tenant_bounds AS b (tenant_id, max_duration)
      SELECT n.tenant_id, max(n.end_at - n.begin_at) FROM old_rows o JOIN new_rows n USING (id)
       WHERE (o.tenant_id, o.begin_at, o.end_at) IS DISTINCT FROM (n.tenant_id, n.begin_at, n.end_at) AND n.end_at - n.begin_at <= interval '31 days'
       GROUP BY n.tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET max_duration = EXCLUDED.max_duration WHERE b.max_duration < EXCLUDED.max_duration;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
