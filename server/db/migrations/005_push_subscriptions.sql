-- Web push subscriptions (`POST /api/push/subscriptions`): where to send a user's notifications.
-- A browser has one subscription per service worker, named by its endpoint (a capability URL of the
-- push service): the endpoint is the key, so the next user signing in on the same browser takes the
-- row over instead of adding a second one (the last user must not get the next user's pushes).
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The browser's P-256 public key and its authentication secret (RFC 8291), base64url as sent.
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- When the push service ends the subscription, if it says so; expired rows are dropped, not sent to.
  expiration_time timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- A new order is sent to every subscription of its tenant.
CREATE INDEX push_subscriptions_tenant_idx ON push_subscriptions (tenant_id);
-- A user's subscriptions are capped (the oldest go first).
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, updated_at);
