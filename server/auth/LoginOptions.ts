import type { LoginRateLimits } from './LoginRateLimiter';
import type { PasswordHashingOptions } from './PasswordVerifier';

/** The limits of `POST /api/auth/login`. */
export interface LoginOptions {
  /** Failures per address and account, and per address. Default: see DEFAULT_LOGIN_RATE_LIMITS. */
  rateLimits?: Partial<LoginRateLimits>;
  /** Password hashes at once and waiting; the comparison itself (for tests). */
  hashing?: PasswordHashingOptions;
}
