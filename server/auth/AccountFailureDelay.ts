import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitStore } from '../limits/LimitStore';
import { librarySeconds, rateLimiter, takePoint } from '../limits/rateLimiter';

/** How long an account's consecutive failed sign-ins hold its next attempt back, from any address. */
export interface AccountDelayRules {
  /** Failures let through without delay. Default 5. */
  freeFailures: number;
  /** The delay after the first failure beyond the free ones; each further one doubles it. Default 1 s. */
  firstDelayMs: number;
  /** The longest delay, however many failures: a stranger cannot lock an operator out for longer. Default 5 minutes. */
  maxDelayMs: number;
  /** How long failures are remembered without a success, from the first of them. Default 24 hours. */
  memoryMs: number;
}

export const DEFAULT_ACCOUNT_DELAY_RULES: AccountDelayRules = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  memoryMs: 24 * 60 * 60_000,
};

/** An attempt counted (and whether it holds the account's next one back), or the milliseconds to wait (nothing counted). */
export type AccountFailureTake = { holds: boolean } | { waitMs: number };

/**
 * Consecutive failed sign-ins per account (the lower-cased e-mail address, whether or not such an
 * account exists, so that the delay tells nothing), across every client address: after
 * `freeFailures`, the next attempt waits `firstDelayMs` after the last failure, doubling with each
 * further failure up to `maxDelayMs`; a success forgets them.
 *
 * Three rate-limiter-flexible limiters (in memory, or shared by every process on PostgreSQL): the
 * failures, counted in a window of `memoryMs` from the first; the account's hold, one point that the
 * `freeFailures`-th and every later failure take for the delay that follows it; and the holds taken,
 * whose number makes that delay. An attempt is counted first (an atomic increment answers its
 * number); beyond the free ones it must take the hold: while the last failure's hold lasts it is
 * refused and taken back, so that attempts at once cannot slip past it, and of those that find it
 * ended, one takes it.
 */
export class AccountFailureDelay {
  private readonly failures: RateLimiterAbstract;
  private readonly holds: RateLimiterAbstract;
  private readonly holdsTaken: RateLimiterAbstract;

  constructor(
    store: LimitStore,
    private readonly rules: AccountDelayRules = DEFAULT_ACCOUNT_DELAY_RULES,
  ) {
    this.failures = rateLimiter(store, { name: 'login-account-failures', points: rules.freeFailures, windowMs: rules.memoryMs });
    this.holds = rateLimiter(store, { name: 'login-account-hold', points: 1, windowMs: rules.firstDelayMs });
    this.holdsTaken = rateLimiter(store, { name: 'login-account-holds', points: 1, windowMs: rules.memoryMs });
  }

  /** Counts an attempt as a failure of the account; or answers the milliseconds to wait (nothing counted). */
  async take(email: string): Promise<AccountFailureTake> {
    const key = failureKey(email);
    // The holds taken are read before the hold is taken (while a hold lasts, nobody else takes one,
    // so the number stays), together with the count: one round trip.
    const [counted, holdsTaken] = await Promise.all([this.failures.penalty(key), this.holdsTaken.get(key)]);
    const failures = counted.consumedPoints;
    if (failures === 1) {
      // The first failure remembered: the delays start over too.
      await this.holdsTaken.delete(key);
    }
    if (failures < this.rules.freeFailures) {
      return { holds: false };
    }
    const taken = failures === 1 ? 0 : (holdsTaken?.consumedPoints ?? 0);
    const waitMs = await takePoint(this.holds, key, { customDuration: librarySeconds(this.delayOfHold(taken + 1)) });
    if (waitMs > 0) {
      await this.failures.reward(key);
      return { waitMs };
    }
    await this.holdsTaken.penalty(key);
    return { holds: true };
  }

  /** The account's password was right: its failures are forgotten. */
  async succeeded(email: string): Promise<void> {
    const key = failureKey(email);
    await Promise.all([this.failures.delete(key), this.holds.delete(key), this.holdsTaken.delete(key)]);
  }

  /** The attempt was not checked (the server was busy): it counts not, nor holds the next one back. */
  async withdraw(email: string, holds: boolean): Promise<void> {
    const key = failureKey(email);
    await Promise.all([this.failures.reward(key), ...(holds ? [this.holds.delete(key), this.holdsTaken.reward(key)] : [])]);
  }

  /** The `nth` hold lasts `firstDelayMs`, doubling with each, at most `maxDelayMs`. */
  private delayOfHold(nth: number): number {
    return Math.min(this.rules.maxDelayMs, this.rules.firstDelayMs * 2 ** Math.min(nth - 1, 40));
  }
}

function failureKey(email: string): string {
  return email.trim().toLowerCase();
}
