-- The rate limits are counted by the rate-limiter-flexible library now (server/limits/rateLimiters.ts):
-- in the process on the embedded database, in this table on a PostgreSQL server, where every backend
-- process counts into the same rows. Our own windows, buckets and their functions go.
DROP FUNCTION rate_window_take(text[], text[], integer[], bigint[], bigint);
DROP FUNCTION rate_bucket_take(text[], text[], double precision[], bigint, bigint);
DROP FUNCTION login_delay_take(text, text, integer, bigint, bigint, integer, bigint, bigint);
DROP TABLE rate_limit_windows;
DROP TABLE rate_limit_buckets;

-- The library's table (RateLimiterPostgres, created here rather than by the library at run time): one
-- row per limiter and key (`<limiter>:<key>`), the points consumed in its fixed window, and when the
-- window ends (`expire`, epoch milliseconds of the backend's clock). The key is text, not the
-- library's varchar(255): an account's key holds the e-mail address as typed. Unlogged, as the
-- tables before: written on every sign-in and telemetry request, no WAL needed, and empty after a
-- crash of the database server, the same as a restart of a process that counts in memory. Rows
-- whose window has ended mean the same as none; the housekeeping deletes them (cluster/housekeeping.ts).
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
