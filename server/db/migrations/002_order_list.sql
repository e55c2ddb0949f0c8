-- The order list at a million orders per tenant: indexes whose keys answer each sort together with
-- the date range (and, where it pays, the status) filter; per-day counts that make `total` cheap; and
-- the longest order of each tenant, which bounds a date range search from below.

-- The API sends timestamps with milliseconds; rows store no more than that, so what a client sees is
-- what is stored (the keyset cursor carries stored values exactly anyway, see orders/orderCursor.ts).
ALTER TABLE orders
  ALTER COLUMN created_at SET DEFAULT date_trunc('milliseconds', now()),
  ALTER COLUMN updated_at SET DEFAULT date_trunc('milliseconds', now());

DROP INDEX orders_tenant_begin_idx;
DROP INDEX orders_tenant_end_idx;
DROP INDEX orders_tenant_status_idx;
DROP INDEX orders_tenant_price_idx;

-- Sort by begin (keyset begin_at, id); end_at as a key column lets the scan test the range overlap in
-- the index, without visiting rows that do not overlap.
CREATE INDEX orders_tenant_begin_idx ON orders (tenant_id, begin_at, id, end_at);
-- Sort by status (keyset status_rank, begin_at, id); sort by begin under a status filter (one ordered
-- branch per status); the begin side of `total`.
CREATE INDEX orders_tenant_status_idx ON orders (tenant_id, status_rank, begin_at, id, end_at);
-- The end side of `total`.
CREATE INDEX orders_tenant_status_end_idx ON orders (tenant_id, status_rank, end_at);
-- Sort by price (keyset price_amount, id), range and status tested in the index.
CREATE INDEX orders_tenant_price_idx ON orders (tenant_id, price_amount, id, begin_at, end_at, status_rank);

-- How many orders of a tenant and status begin (side 'begin') or end (side 'end') on each UTC day.
-- The number of orders overlapping [b, e] is those beginning at or before e minus those ending
-- before b (an order that ends before b began before e): sums over whole days plus two index counts
-- within the days of b and e (see orders/OrderRepository.ts).
CREATE TABLE order_day_counts (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  side text NOT NULL CHECK (side IN ('begin', 'end')),
  status_rank smallint NOT NULL,
  day timestamptz NOT NULL,
  orders bigint NOT NULL,
  PRIMARY KEY (tenant_id, side, status_rank, day)
);

-- At least the longest duration (end_at - begin_at) of a tenant's orders; it only grows. An order that
-- overlaps [b, e] begins at or after b minus this, which bounds a scan by begin from below.
CREATE TABLE order_tenant_bounds (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id),
  max_duration interval NOT NULL
);

-- Keeps both tables in step with every insert, update and delete of an order.
CREATE FUNCTION orders_maintain_statistics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_day_counts;
    DELETE FROM order_tenant_bounds;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.tenant_id = OLD.tenant_id AND NEW.status_rank = OLD.status_rank
     AND NEW.begin_at = OLD.begin_at AND NEW.end_at = OLD.end_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_day_counts SET orders = orders - 1
     WHERE tenant_id = OLD.tenant_id AND status_rank = OLD.status_rank
       AND ((side = 'begin' AND day = date_bin('1 day', OLD.begin_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'))
         OR (side = 'end' AND day = date_bin('1 day', OLD.end_at, TIMESTAMPTZ '2000-01-01 00:00:00+00')));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_day_counts AS c (tenant_id, side, status_rank, day, orders)
    VALUES (NEW.tenant_id, 'begin', NEW.status_rank, date_bin('1 day', NEW.begin_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), 1),
           (NEW.tenant_id, 'end', NEW.status_rank, date_bin('1 day', NEW.end_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), 1)
    ON CONFLICT (tenant_id, side, status_rank, day) DO UPDATE SET orders = c.orders + 1;
    IF NOT EXISTS (SELECT 1 FROM order_tenant_bounds
                    WHERE tenant_id = NEW.tenant_id AND max_duration >= NEW.end_at - NEW.begin_at) THEN
      INSERT INTO order_tenant_bounds AS b (tenant_id, max_duration) VALUES (NEW.tenant_id, NEW.end_at - NEW.begin_at)
      ON CONFLICT (tenant_id) DO UPDATE SET max_duration = greatest(b.max_duration, EXCLUDED.max_duration);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_statistics AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_maintain_statistics();
CREATE TRIGGER orders_statistics_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_maintain_statistics();

-- Computes both tables afresh from the orders: after a bulk load that ran without the triggers
-- (seed/seedDemoData.ts), and here for the orders that exist already.
CREATE FUNCTION refresh_order_statistics() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_day_counts;
  DELETE FROM order_tenant_bounds;
  INSERT INTO order_day_counts (tenant_id, side, status_rank, day, orders)
    SELECT tenant_id, 'begin', status_rank, date_bin('1 day', begin_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
      FROM orders GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT tenant_id, 'end', status_rank, date_bin('1 day', end_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
      FROM orders GROUP BY 1, 2, 3, 4;
  INSERT INTO order_tenant_bounds (tenant_id, max_duration)
    SELECT tenant_id, max(end_at - begin_at) FROM orders GROUP BY tenant_id;
$$;

SELECT refresh_order_statistics();
