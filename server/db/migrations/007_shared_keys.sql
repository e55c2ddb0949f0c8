-- The keys every backend process on one PostgreSQL server must share (cluster/sharedKeys.ts): the
-- token signing key and the web push (VAPID) key pair. `fingerprint` is the SHA-256 of the key (of
-- the public key for VAPID), written by whichever process started first; `value` is the key itself
-- when no process was given one in its environment (JWT_SECRET, VAPID_*), so that processes on other
-- machines use the same key without any setting, and null when keys come from the environment
-- (never stored then). A process whose key differs from the fingerprint while others run refuses to start.
CREATE TABLE shared_keys (
  name text PRIMARY KEY CHECK (name IN ('token', 'vapid')),
  fingerprint text NOT NULL,
  value text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
