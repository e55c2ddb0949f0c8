-- Sort by number: one ordered branch per state (see orders/OrderRepository.ts), each testing the date
-- range within the index. Numbers follow creation, and states follow dates, so under a status filter
-- the unique index on (tenant_id, number) would pass over long runs of other states first.
CREATE INDEX orders_tenant_status_number_idx ON orders (tenant_id, status_rank, number, id, begin_at, end_at);
