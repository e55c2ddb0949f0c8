import type { AccountDelayRules } from './AccountFailureDelay';
import type { LoginRateLimits } from './LoginRateLimiter';
import type { PasswordHashingOptions } from './PasswordVerifier';

/** The limits of `POST /api/auth/login`. */
export interface LoginOptions {
  /** Failures per address and account, and per address. Default: see DEFAULT_LOGIN_RATE_LIMITS. */
  rateLimits?: Partial<LoginRateLimits>;
  /** The delay of an account's consecutive failures from any address. Default: see DEFAULT_ACCOUNT_DELAY_RULES. */
  accountDelay?: Partial<AccountDelayRules>;
  /** Password hashes at once and waiting, their cost; the comparison itself (for tests). */
  hashing?: PasswordHashingOptions;
}
