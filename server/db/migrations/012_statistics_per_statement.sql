-- The per-day counts and the tenants' longest orders (migration 002) kept once per statement instead
-- of once per row: a statement that changes many orders (a bulk status move of a thousand, the live
-- benchmark's batches) updates each day's count once with the sum of its rows, not a thousand times.
-- The triggers read the rows the statement changed from its transition tables (old_rows, new_rows);
-- a row whose tenant, status and times stay as they were counts nothing, as before.

DROP TRIGGER orders_statistics ON orders;

-- Adds `delta` orders per (tenant, side, status, day) of the rows given: positive sums are added
-- (the day's row made when missing), negative ones taken from the existing rows.
CREATE FUNCTION orders_statistics_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
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
$$;

CREATE FUNCTION orders_statistics_per_statement() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT tenant_id, max(end_at - begin_at) FROM new_rows GROUP BY tenant_id
    ON CONFLICT (tenant_id) DO UPDATE SET max_duration = EXCLUDED.max_duration WHERE b.max_duration < EXCLUDED.max_duration;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_statistics_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_statistics_per_statement();
CREATE TRIGGER orders_statistics_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_statistics_per_statement();
CREATE TRIGGER orders_statistics_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_statistics_per_statement();

DROP FUNCTION orders_maintain_statistics() CASCADE;
CREATE FUNCTION orders_statistics_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_day_counts;
  DELETE FROM order_tenant_bounds;
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_statistics_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_statistics_truncated();
