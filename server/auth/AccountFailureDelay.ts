import type { Queryable } from '../db/Database';
import { SharedWindowLimits } from '../limits/SharedWindowLimits';

/** How long an account's consecutive failed sign-ins hold its next attempt back, from any address. */
export interface AccountDelayRules {
  /** Failures let through without delay. Default 5. */
  freeFailures: number;
  /** The delay after the first failure beyond the free ones; each further one doubles it. Default 1 s. */
  firstDelayMs: number;
  /** The longest delay, however many failures: a stranger cannot lock an operator out for longer. Default 5 minutes. */
  maxDelayMs: number;
  /** How long a failure is remembered without a success. Default 24 hours. */
  memoryMs: number;
}

export const DEFAULT_ACCOUNT_DELAY_RULES: AccountDelayRules = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  memoryMs: 24 * 60 * 60_000,
};

/** The failures' name in `rate_limit_windows`. */
const FAILURES = 'login-account-failures';

/** Failures kept per account: enough that the delay has reached its cap before they are dropped. */
function keptFailures(rules: AccountDelayRules): number {
  return rules.freeFailures + Math.ceil(Math.log2(Math.max(1, rules.maxDelayMs / rules.firstDelayMs))) + 1;
}

/**
 * Consecutive failed sign-ins per account (the lower-cased e-mail address, whether or not such an
 * account exists, so that the delay tells nothing), across every client address: after
 * `freeFailures`, the next attempt waits `firstDelayMs` after the last failure, doubling with each
 * further failure up to `maxDelayMs`; a success forgets them. Kept in the database
 * (`rate_limit_windows`, the account's failure times), so that every process on it counts the same,
 * and swept out with the other limits once remembered no longer.
 */
export class AccountFailureDelay {
  private readonly windows: SharedWindowLimits;

  constructor(
    private readonly db: Queryable,
    private readonly rules: AccountDelayRules = DEFAULT_ACCOUNT_DELAY_RULES,
  ) {
    this.windows = new SharedWindowLimits(db);
  }

  /** Counts an attempt at `now` as a failure of the account, answering 0; or the milliseconds to wait (nothing counted). */
  async take(email: string, now: number): Promise<number> {
    const [row] = await this.db.query<{ wait: number }>('SELECT login_delay_take($1, $2, $3, $4, $5, $6, $7, $8) AS wait', [
      FAILURES,
      failureKey(email),
      this.rules.freeFailures,
      this.rules.firstDelayMs,
      this.rules.maxDelayMs,
      keptFailures(this.rules),
      this.rules.memoryMs,
      now,
    ]);
    return Number(row?.wait ?? 0);
  }

  /** The account's password was right: its failures are forgotten. */
  async succeeded(email: string): Promise<void> {
    await this.windows.withdraw([], [{ name: FAILURES, key: failureKey(email) }]);
  }

  /** The attempt counted at `time` was not checked (the server was busy): it counts not. */
  async withdraw(email: string, time: number): Promise<void> {
    await this.windows.withdraw([{ name: FAILURES, key: failureKey(email), time }]);
  }
}

function failureKey(email: string): string {
  return email.trim().toLowerCase();
}
