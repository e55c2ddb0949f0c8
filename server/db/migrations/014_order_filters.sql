-- The order list filtered by station and service (`station=…`, `service=…`), and the values to offer
-- (GET /api/orders/facets). Without these, a page and its total under such a filter read every order
-- of the range and then the row of each: seconds at a million orders, whether the station is common or
-- has three orders. With them:
-- - `total` under a station or service filter is counted from one of these indexes alone (the range,
--   state, the other of station and service, and the price are key columns), within the station's or
--   service's orders of the range (migration 002's per-day counts know no station or service);
-- - a page sorted by begin reads the orders of each station (or service) asked in order, however
--   few it has; a page sorted by price or status picks its rows from these indexes alone;
-- - the stations and the services of a tenant are read by a loose index scan, one index descent per
--   value, instead of a distinct over all its orders.
-- Each costs one more index entry per stored order version (an insert, or an update of an indexed
-- column such as the state), like the seven indexes before. Measured at a million orders on the
-- embedded database (means of nine runs, 5 000 orders in one statement): an insert 0.19 → 0.25 ms
-- an order, a move to another state 0.36 → 0.43 ms. Without the other name and the price in them
-- (0.22 and 0.42 ms) a filter by station and service, or station and price, fetched every row of the
-- station: Kiel's inspections of a year counted in 1.1 s instead of 93 ms, Kiel by price 780 instead
-- of 133 ms.
CREATE INDEX orders_tenant_station_idx ON orders (tenant_id, station, begin_at, id, end_at, status_rank, service, price_amount);
CREATE INDEX orders_tenant_service_idx ON orders (tenant_id, service, begin_at, id, end_at, status_rank, station, price_amount);
