-- What several backend processes on one PostgreSQL must agree on (server/README.md, Deployment).

-- Work that runs in one process at a time (the demo simulator, the housekeeping of the tables): the
-- process named in `holder` does it until `expires_at`, and renews the lease well before. A process
-- that stops releases it (deletes its row); one that dies leaves it to run out, and another takes it
-- over then (cluster/Lease.ts). Times are the database's clock, so that processes on machines whose
-- clocks differ still agree.
CREATE TABLE leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The web push of a new order (`order.created`) is sent by the process that claims its event here
-- first: every process hears every event, only one sends. A claim not marked done by
-- `claimed_until` (its process died while sending) is taken over by another process
-- (push/PushClaims.ts). Rows are deleted a day after their claim.
CREATE TABLE push_claims (
  tenant_id uuid NOT NULL,
  event_id bigint NOT NULL,
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL,
  claimed_until timestamptz NOT NULL,
  done_at timestamptz,
  PRIMARY KEY (tenant_id, event_id)
);

-- Claims to take over are those not done whose time has run out.
CREATE INDEX push_claims_open_idx ON push_claims (claimed_until) WHERE done_at IS NULL;
CREATE INDEX push_claims_claimed_idx ON push_claims (claimed_at);

-- Rate limits counted across processes (limits/DatabaseRateLimits.ts). Unlogged: they are written on
-- every sign-in and telemetry request, need no WAL, and after a crash of the database server they
-- start empty, which for a limit is the same as a restart of a process that counted in memory.
-- Times are epoch milliseconds of the backend's clock, as the in-memory limits count them.

-- Sliding windows (sign-in failures): the times of the newest events of a key, oldest first, at
-- most the limit's `max` of them. `expires_at` is when the newest has left the window: from then on
-- the row means the same as no row, and the housekeeping deletes it.
CREATE UNLOGGED TABLE rate_limit_windows (
  name text NOT NULL,
  key text NOT NULL,
  times bigint[] NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (name, key)
);
CREATE INDEX rate_limit_windows_expires_idx ON rate_limit_windows (expires_at);

-- Token buckets (telemetry): the tokens at `updated_at`, refilled evenly over the window. `expires_at`
-- is when the bucket is full again (the same as no row).
CREATE UNLOGGED TABLE rate_limit_buckets (
  name text NOT NULL,
  key text NOT NULL,
  tokens double precision NOT NULL,
  updated_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (name, key)
);
CREATE INDEX rate_limit_buckets_expires_idx ON rate_limit_buckets (expires_at);

-- Counts one event at `p_now` for each of the keys (`p_names[i]`, `p_keys[i]`, with the limit
-- `p_max[i]` events per `p_window[i]` ms), all or none: when any key has its `max` events within its
-- window, nothing is counted and the answer is the milliseconds until every such key may have one
-- more (its oldest counted event leaves the window); otherwise every key counts the event and the
-- answer is 0. One statement for the caller; the rows are locked in key order, so that two calls
-- over the same keys cannot deadlock, and only for the call's own transaction.
CREATE FUNCTION rate_window_take(p_names text[], p_keys text[], p_max integer[], p_window bigint[], p_now bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  n integer := coalesce(array_length(p_names, 1), 0);
  recent bigint[];
  wait bigint := 0;
  order_of integer[];
BEGIN
  SELECT array_agg(k.ord ORDER BY k.name, k.key) INTO order_of
    FROM unnest(p_names, p_keys) WITH ORDINALITY AS k(name, key, ord);
  FOR j IN 1..n LOOP
    i := order_of[j];
    LOOP
      PERFORM 1 FROM rate_limit_windows WHERE name = p_names[i] AND key = p_keys[i] FOR UPDATE;
      EXIT WHEN FOUND;
      INSERT INTO rate_limit_windows (name, key, times, expires_at) VALUES (p_names[i], p_keys[i], '{}', 0)
        ON CONFLICT (name, key) DO NOTHING;
    END LOOP;
    -- Read under the lock: calls over the same key count one after the other.
    SELECT coalesce(array_agg(t ORDER BY o), '{}') INTO recent
      FROM rate_limit_windows w, unnest(w.times) WITH ORDINALITY AS u(t, o)
     WHERE w.name = p_names[i] AND w.key = p_keys[i] AND t > p_now - p_window[i];
    IF coalesce(array_length(recent, 1), 0) >= p_max[i] THEN
      wait := greatest(wait, recent[coalesce(array_length(recent, 1), 0) - p_max[i] + 1] + p_window[i] - p_now, 1);
    END IF;
  END LOOP;
  IF wait > 0 THEN
    RETURN wait;
  END IF;
  FOR i IN 1..n LOOP
    UPDATE rate_limit_windows w
       SET times = (SELECT coalesce(array_agg(t ORDER BY o), '{}')
                      FROM (SELECT t, o FROM unnest(w.times || p_now) WITH ORDINALITY AS u(t, o)
                             WHERE t > p_now - p_window[i] ORDER BY o DESC LIMIT p_max[i]) AS newest),
           expires_at = p_now + p_window[i]
     WHERE w.name = p_names[i] AND w.key = p_keys[i];
  END LOOP;
  RETURN 0;
END
$$;

-- Takes one token at `p_now` from each of the buckets (`p_names[i]`, `p_keys[i]`, holding at most
-- `p_capacity[i]` tokens, refilled evenly over `p_window` ms), all or none: when any holds less than
-- one token, nothing is taken and the answer is the milliseconds until each holds one; otherwise 0.
-- A missing bucket is full. Locked in key order like `rate_window_take`.
CREATE FUNCTION rate_bucket_take(p_names text[], p_keys text[], p_capacity double precision[], p_window bigint, p_now bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  n integer := coalesce(array_length(p_names, 1), 0);
  order_of integer[];
  level double precision[] := '{}';
  stored record;
  wait double precision := 0;
BEGIN
  SELECT array_agg(k.ord ORDER BY k.name, k.key) INTO order_of
    FROM unnest(p_names, p_keys) WITH ORDINALITY AS k(name, key, ord);
  FOR j IN 1..n LOOP
    i := order_of[j];
    LOOP
      SELECT tokens, updated_at INTO stored FROM rate_limit_buckets WHERE name = p_names[i] AND key = p_keys[i] FOR UPDATE;
      EXIT WHEN FOUND;
      INSERT INTO rate_limit_buckets (name, key, tokens, updated_at, expires_at) VALUES (p_names[i], p_keys[i], p_capacity[i], p_now, p_now)
        ON CONFLICT (name, key) DO NOTHING;
    END LOOP;
    level[i] := least(p_capacity[i], stored.tokens + greatest(0, p_now - stored.updated_at) * p_capacity[i] / p_window);
    IF level[i] < 1 THEN
      wait := greatest(wait, (1 - level[i]) * p_window / p_capacity[i]);
    END IF;
  END LOOP;
  IF wait > 0 THEN
    RETURN greatest(1, ceil(wait))::bigint;
  END IF;
  FOR i IN 1..n LOOP
    UPDATE rate_limit_buckets
       SET tokens = level[i] - 1,
           updated_at = greatest(updated_at, p_now),
           expires_at = greatest(updated_at, p_now) + ceil((p_capacity[i] - level[i] + 1) * p_window / p_capacity[i])::bigint
     WHERE name = p_names[i] AND key = p_keys[i];
  END LOOP;
  RETURN 0;
END
$$;
