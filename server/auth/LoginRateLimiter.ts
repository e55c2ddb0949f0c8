import type { Queryable } from '../db/Database';
import { SharedWindowLimits } from '../limits/SharedWindowLimits';
import { SlidingWindowLimit, type WindowLimit } from '../limits/SlidingWindowLimit';
import { clientNetwork } from './clientNetwork';

/** How many failed sign-ins are let through before 429. */
export interface LoginRateLimits {
  /** Failures per client address and account (lower-cased e-mail): guessing one password. Default 10 per minute. */
  perAccount: WindowLimit;
  /** Failures per client address, whatever the accounts: one password tried on many (spraying). Default 30 per 10 minutes. */
  perAddress: WindowLimit;
}

export const DEFAULT_LOGIN_RATE_LIMITS: LoginRateLimits = {
  perAccount: { max: 10, windowMs: 60_000 },
  perAddress: { max: 30, windowMs: 10 * 60_000 },
};

/** One sign-in under way, counted as a failure until it succeeds or is withdrawn. */
export interface LoginAttempt {
  readonly accountKey: string;
  readonly accountTime: number;
  readonly addressKey: string;
  readonly addressTime: number;
  /** The account's failure counted across addresses (AccountFailureDelayedLogins.ts): its e-mail address and time. */
  readonly accountFailure?: { readonly email: string; readonly time: number };
}

/** How a sign-in starts: counted as an attempt, or refused for the seconds to wait. */
export type LoginStart = { attempt: LoginAttempt } | { retryAfterSeconds: number };

/**
 * The limits as the login route uses them: `start` checks both windows and, when neither is full,
 * counts the attempt as a failure in both at once, so that parallel guesses cannot slip past;
 * `succeeded` or `withdraw` take it back. In memory for one process (`LoginRateLimiter`), in the
 * database for several (`SharedLoginRateLimiter`), with the same answers.
 */
export interface LoginLimits {
  start(address: string, email: string): LoginStart | Promise<LoginStart>;
  succeeded(attempt: LoginAttempt): void | Promise<void>;
  withdraw(attempt: LoginAttempt): void | Promise<void>;
}

/**
 * Counts failed sign-ins in two sliding windows: per client address and account, and per client
 * address across accounts. Once either is full, the address is refused (for that account, or for
 * every account) until the oldest failure has left it, whatever the password. An IPv6 client counts
 * by its /64 (see clientNetwork.ts). Kept in memory: a restart forgets it, and it counts what
 * reaches this process only (the embedded database has one).
 */
export class LoginRateLimiter implements LoginLimits {
  private readonly accounts: SlidingWindowLimit;
  private readonly addresses: SlidingWindowLimit;

  constructor(clock: () => Date, limits: LoginRateLimits = DEFAULT_LOGIN_RATE_LIMITS) {
    this.accounts = new SlidingWindowLimit(clock, limits.perAccount);
    this.addresses = new SlidingWindowLimit(clock, limits.perAddress);
  }

  /** Seconds until `address` may try to sign in to `email` (the longer of both waits), or 0 when it may now. */
  retryAfterSeconds(address: string, email: string): number {
    const network = clientNetwork(address);
    return Math.max(this.accounts.retryAfterSeconds(accountKey(network, email)), this.addresses.retryAfterSeconds(network));
  }

  /** The seconds to wait, or else the attempt counted (`begin`). */
  start(address: string, email: string): LoginStart {
    const retryAfterSeconds = this.retryAfterSeconds(address, email);
    return retryAfterSeconds > 0 ? { retryAfterSeconds } : { attempt: this.begin(address, email) };
  }

  /**
   * Counts an attempt as a failure of its account and its address before the password is checked,
   * so that parallel guesses cannot slip past the limits; `succeeded` or `withdraw` take it back.
   */
  begin(address: string, email: string): LoginAttempt {
    const network = clientNetwork(address);
    const key = accountKey(network, email);
    return { accountKey: key, accountTime: this.accounts.record(key), addressKey: network, addressTime: this.addresses.record(network) };
  }

  /**
   * The password was right: the account's failures from this address are forgotten, and the attempt
   * no longer counts against the address (its other failures still do, so that signing in to an
   * account of one's own cannot clear a spraying run).
   */
  succeeded(attempt: LoginAttempt): void {
    this.accounts.reset(attempt.accountKey);
    this.addresses.withdraw(attempt.addressKey, attempt.addressTime);
  }

  /** The password was not checked (the server was busy): the attempt counts against neither. */
  withdraw(attempt: LoginAttempt): void {
    this.accounts.withdraw(attempt.accountKey, attempt.accountTime);
    this.addresses.withdraw(attempt.addressKey, attempt.addressTime);
  }
}

/** The limits' names in `rate_limit_windows`. */
const ACCOUNT_WINDOW = 'login-account';
const ADDRESS_WINDOW = 'login-address';

/**
 * The same limits kept in the database (`SharedWindowLimits`), for several processes on one
 * PostgreSQL: every process counts into the same windows, so N processes let through what one would.
 * A start is one statement (checking and counting both windows under their row locks), a success
 * or a withdrawal one more.
 */
export class SharedLoginRateLimiter implements LoginLimits {
  private readonly windows: SharedWindowLimits;

  constructor(
    db: Queryable,
    private readonly clock: () => Date,
    private readonly limits: LoginRateLimits = DEFAULT_LOGIN_RATE_LIMITS,
  ) {
    this.windows = new SharedWindowLimits(db);
  }

  async start(address: string, email: string): Promise<LoginStart> {
    const network = clientNetwork(address);
    const key = accountKey(network, email);
    const now = this.clock().getTime();
    const waitMs = await this.windows.take(
      [
        { name: ACCOUNT_WINDOW, key, limit: this.limits.perAccount },
        { name: ADDRESS_WINDOW, key: network, limit: this.limits.perAddress },
      ],
      now,
    );
    if (waitMs > 0) {
      return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    return { attempt: { accountKey: key, accountTime: now, addressKey: network, addressTime: now } };
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.windows.withdraw([{ name: ADDRESS_WINDOW, key: attempt.addressKey, time: attempt.addressTime }], [
      { name: ACCOUNT_WINDOW, key: attempt.accountKey },
    ]);
  }

  async withdraw(attempt: LoginAttempt): Promise<void> {
    await this.windows.withdraw([
      { name: ACCOUNT_WINDOW, key: attempt.accountKey, time: attempt.accountTime },
      { name: ADDRESS_WINDOW, key: attempt.addressKey, time: attempt.addressTime },
    ]);
  }
}

function accountKey(network: string, email: string): string {
  return `${network}\n${email.trim().toLowerCase()}`;
}
