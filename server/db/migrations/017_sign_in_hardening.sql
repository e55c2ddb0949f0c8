-- Sessions end exactly at a changed password, a new one-time password or a deactivation: every such
-- change counts the user's sessions on by one, and a token counts only while it carries the number of
-- the user's sessions now (tokens issued before this have none, which counts as 0).
ALTER TABLE users ADD COLUMN session_generation integer NOT NULL DEFAULT 0;

-- Counts one failed sign-in of an account at `p_now` in `rate_limit_windows` (`p_name`, `p_key`):
-- its consecutive failures are the times kept there (those of the last `p_memory` ms, the newest
-- `p_keep`). With `n` of them, the next attempt may come `p_first * 2^(n - p_free)` ms after the
-- newest (at most `p_max_delay`), or at once while `n < p_free`. Answers 0 when counted, otherwise
-- the milliseconds to wait (nothing counted). The row is locked for the call's transaction, so that
-- attempts at once count one after the other.
CREATE FUNCTION login_delay_take(p_name text, p_key text, p_free integer, p_first bigint, p_max_delay bigint, p_keep integer, p_memory bigint, p_now bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  recent bigint[];
  n integer;
  delay bigint := 0;
  wait bigint;
BEGIN
  LOOP
    PERFORM 1 FROM rate_limit_windows WHERE name = p_name AND key = p_key FOR UPDATE;
    EXIT WHEN FOUND;
    INSERT INTO rate_limit_windows (name, key, times, expires_at) VALUES (p_name, p_key, '{}', 0)
      ON CONFLICT (name, key) DO NOTHING;
  END LOOP;
  SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO recent
    FROM rate_limit_windows w, unnest(w.times) AS u(t)
   WHERE w.name = p_name AND w.key = p_key AND t > p_now - p_memory;
  n := coalesce(array_length(recent, 1), 0);
  IF n >= p_free THEN
    delay := least(p_max_delay, p_first * power(2::numeric, least(n - p_free, 40))::bigint);
    wait := recent[n] + delay - p_now;
    IF wait > 0 THEN
      RETURN wait;
    END IF;
  END IF;
  UPDATE rate_limit_windows w
     SET times = (SELECT coalesce(array_agg(t ORDER BY t), '{}')
                    FROM (SELECT t FROM unnest(recent || p_now) AS u(t) ORDER BY t DESC LIMIT p_keep) AS newest),
         expires_at = p_now + p_memory
   WHERE w.name = p_name AND w.key = p_key;
  RETURN 0;
END
$$;
