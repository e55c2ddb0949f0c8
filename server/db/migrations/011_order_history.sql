-- The history of every order: each creation, change and deletion with who made it and what changed,
-- in a table of its own, never pruned with the live events (orders/OrderRepository.ts writes it in
-- the statement or transaction that makes the change; orders/OrderHistoryRepository.ts reads it).
--
-- actor: 'user' (changed_by names them), 'simulator' (the demo simulator) or 'system' (demo data,
-- imports). changes: for 'changed', each changed field with its old and new value as the API shows
-- them, e.g. {"status": {"from": "new", "to": "confirmed"}}; '{}' for 'created' and 'deleted'.
-- Orders made before the history was kept have no 'created' entry: the API tells their creation
-- from the order's created_at.
CREATE TABLE order_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  order_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'changed', 'deleted')),
  actor text NOT NULL CHECK (actor IN ('user', 'simulator', 'system')),
  changed_by uuid REFERENCES users (id),
  changed_at timestamptz NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}',
  CHECK ((actor = 'user') = (changed_by IS NOT NULL))
);

-- An order's entries, newest first, page by page.
CREATE INDEX order_history_order_idx ON order_history (tenant_id, order_id, id DESC);

-- A create retried with the same Idempotency-Key by the same user within 24 hours answers the order
-- it made (orders/orderCreateRoute.ts); rows older than that are deleted by the housekeeping.
CREATE TABLE order_create_keys (
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  key text NOT NULL,
  request_hash text NOT NULL,
  order_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, user_id, key)
);

CREATE INDEX order_create_keys_created_idx ON order_create_keys (created_at);

-- The prefix of the tenant's order numbers (`AN` → AN-2026-000124), taken from its newest order.
ALTER TABLE tenants ADD COLUMN order_prefix text NOT NULL DEFAULT 'ORD' CHECK (order_prefix ~ '^[A-Z]{1,8}$');
UPDATE tenants t
   SET order_prefix = substring(o.number FROM '^([A-Z]{1,8})-')
  FROM (SELECT DISTINCT ON (tenant_id) tenant_id, number FROM orders ORDER BY tenant_id, created_at DESC) o
 WHERE o.tenant_id = t.id AND o.number ~ '^[A-Z]{1,8}-';
