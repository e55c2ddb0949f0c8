import type { Database } from '../db/Database';
import { limitStoreOf } from '../limits/LimitStore';
import { AccountFailureDelay, DEFAULT_ACCOUNT_DELAY_RULES } from './AccountFailureDelay';
import { AccountFailureDelayedLogins } from './AccountFailureDelayedLogins';
import type { LoginOptions } from './LoginOptions';
import { DEFAULT_LOGIN_RATE_LIMITS, type LoginLimits, LoginRateLimiter } from './LoginRateLimiter';

/**
 * The sign-in limits of a backend on `database` (the defaults where `options` give none): failures
 * per address and account and per address, and the delay of an account's failures from any address.
 * In memory on the embedded database (one process), in its table on a PostgreSQL server (limits/LimitStore.ts).
 */
export function loginLimiterFor(database: Database, options?: LoginOptions): LoginLimits {
  const store = limitStoreOf(database);
  return new AccountFailureDelayedLogins(
    new LoginRateLimiter(store, { ...DEFAULT_LOGIN_RATE_LIMITS, ...options?.rateLimits }),
    new AccountFailureDelay(store, { ...DEFAULT_ACCOUNT_DELAY_RULES, ...options?.accountDelay }),
  );
}
