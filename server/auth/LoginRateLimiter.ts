import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitStore } from '../limits/LimitStore';
import { rateLimiter, secondsToWait, takePoint } from '../limits/rateLimiter';
import { clientNetwork } from './clientNetwork';

/** At most `max` events per key within each window of `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

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
  readonly addressKey: string;
  /** The account's failure counted across addresses (AccountFailureDelay.ts): its e-mail address, and whether it holds the account's next attempt back. */
  readonly accountFailure?: { readonly email: string; readonly holds: boolean };
}

/** How a sign-in starts: counted as an attempt, or refused for the seconds to wait. */
export type LoginStart = { attempt: LoginAttempt } | { retryAfterSeconds: number };

/**
 * The limits as the login route uses them: `start` counts the attempt as a failure in both limits
 * at once and keeps it when neither is over, so that parallel guesses cannot slip past;
 * `succeeded` or `withdraw` take it back.
 */
export interface LoginLimits {
  start(address: string, email: string): Promise<LoginStart>;
  succeeded(attempt: LoginAttempt): Promise<void>;
  withdraw(attempt: LoginAttempt): Promise<void>;
}

/**
 * Counts failed sign-ins with rate-limiter-flexible, in fixed windows that start with a key's first
 * failure: per client address and account, and per client address across accounts. Once either is
 * full, the address is refused (for that account, or for every account) until its window ends,
 * whatever the password. An IPv6 client counts by its /64 (see clientNetwork.ts). In memory on the
 * embedded database (a restart forgets it), in the database on PostgreSQL, where every process counts
 * into the same keys, so N processes let through what one would (`LimitStore`).
 */
export class LoginRateLimiter implements LoginLimits {
  private readonly accounts: RateLimiterAbstract;
  private readonly addresses: RateLimiterAbstract;

  constructor(store: LimitStore, limits: LoginRateLimits = DEFAULT_LOGIN_RATE_LIMITS) {
    this.accounts = rateLimiter(store, { name: 'login-account', points: limits.perAccount.max, windowMs: limits.perAccount.windowMs });
    this.addresses = rateLimiter(store, { name: 'login-address', points: limits.perAddress.max, windowMs: limits.perAddress.windowMs });
  }

  /**
   * Counts an attempt as a failure of its account and its address before the password is checked
   * (each an atomic increment), so that parallel guesses cannot slip past the limits. When either is
   * over, both are taken back and the longer wait is answered: a refused attempt counts not.
   */
  async start(address: string, email: string): Promise<LoginStart> {
    const network = clientNetwork(address);
    const key = accountKey(network, email);
    const waits = await Promise.all([takePoint(this.accounts, key), takePoint(this.addresses, network)]);
    const waitMs = Math.max(...waits);
    if (waitMs === 0) {
      return { attempt: { accountKey: key, addressKey: network } };
    }
    await Promise.all([this.accounts.reward(key), this.addresses.reward(network)]);
    return { retryAfterSeconds: secondsToWait(waitMs) };
  }

  /**
   * The password was right: the account's failures from this address are forgotten, and the attempt
   * no longer counts against the address (its other failures still do, so that signing in to an
   * account of one's own cannot clear a spraying run).
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await Promise.all([this.accounts.delete(attempt.accountKey), this.addresses.reward(attempt.addressKey)]);
  }

  /** The password was not checked (the server was busy): the attempt counts against neither. */
  async withdraw(attempt: LoginAttempt): Promise<void> {
    await Promise.all([this.accounts.reward(attempt.accountKey), this.addresses.reward(attempt.addressKey)]);
  }
}

function accountKey(network: string, email: string): string {
  return `${network}\n${email.trim().toLowerCase()}`;
}
