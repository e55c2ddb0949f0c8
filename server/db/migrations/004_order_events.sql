-- The live events of `GET /api/events`: every change of an order is recorded as an event of its tenant,
-- in the same transaction as the change, so that a client resuming with `Last-Event-ID` can be sent
-- what it missed (see events/EventLog.ts).

-- The last event id of each tenant. Ids are numbered per tenant by this row, not by a sequence:
-- `INSERT … ON CONFLICT (tenant_id) DO UPDATE SET last_id = last_id + 1 RETURNING last_id` inside the
-- order's transaction locks the row until that transaction ends, so the writers of one tenant take
-- their ids one after the other and commit in the order of their ids. A later id therefore never
-- becomes visible before an earlier one (with a sequence, a transaction that drew 8 could commit before
-- the one that drew 7, and a client resuming after 8 would never get 7), and a rolled-back change
-- gives its number back, so the ids of a tenant have no gaps. The lock is held only for the rest of
-- the order's transaction (a few statements); tenants do not wait for each other.
-- A tenant's row is made by its first event (the upsert), so nothing needs to create it.
CREATE TABLE tenant_event_counters (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id),
  last_id bigint NOT NULL CHECK (last_id >= 0)
);

-- The events themselves. `data` is the JSON text sent as the event's data (the order as the API shows
-- it, or `{ "id" }` for a deletion), stored as text so that a replay sends exactly what was sent live.
-- Kept for at least 24 hours or the newest 10 000 events of the tenant, whichever is more; older rows
-- are deleted now and then (events/EventPruner.ts).
CREATE TABLE order_events (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  id bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('order.created', 'order.updated', 'order.deleted')),
  data text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

-- Pruning looks for old events first.
CREATE INDEX order_events_created_idx ON order_events (created_at);
