import { ConcurrencyLimit } from '../limits/ConcurrencyLimit';
import { hashPassword, verifyPassword } from './passwords';

/** How many password checks (one scrypt hash each) run at once, and how many may wait. */
export interface PasswordHashingOptions {
  /**
   * Hashes computed at once. Default 2: a hash keeps a core busy for about 50 ms (in libuv's thread
   * pool), and the event loop and the database need the rest of a small machine.
   */
  concurrency?: number;
  /** Checks that wait for a place; beyond them, a check is refused at once. Default 20 (about half a second of hashing). */
  maxWaiting?: number;
  /** Compares a password with a stored hash. Default: `verifyPassword` (scrypt); tests pass a slower or counting one. */
  verify?: (password: string, hash: string) => Promise<boolean>;
}

export const DEFAULT_HASH_CONCURRENCY = 2;
export const DEFAULT_HASH_MAX_WAITING = 20;

/** `match` or `mismatch`, or `busy`: too many checks wait already, this one was not made. */
export type PasswordCheck = 'match' | 'mismatch' | 'busy';

let nobodysHash: Promise<string> | undefined;

/** A hash that no password of any user has, for checks without a user. Made once per process. */
function hashOfNobody(): Promise<string> {
  nobodysHash ??= hashPassword('not-a-password-of-anybody');
  return nobodysHash;
}

/**
 * Checks sign-in passwords with a bounded number of hashes in flight, so that a flood of sign-ins
 * can neither take every core nor pile up without end: at most `concurrency` run, `maxWaiting` wait
 * in arrival order, the rest are refused at once (`busy`).
 */
export class PasswordVerifier {
  private readonly limit: ConcurrencyLimit;
  private readonly verify: (password: string, hash: string) => Promise<boolean>;

  constructor(options: PasswordHashingOptions = {}) {
    this.limit = new ConcurrencyLimit(options.concurrency ?? DEFAULT_HASH_CONCURRENCY, options.maxWaiting ?? DEFAULT_HASH_MAX_WAITING);
    this.verify = options.verify ?? verifyPassword;
  }

  /**
   * Whether `password` matches `hash`. Without a hash (no such user), it is compared with a hash of
   * nobody's, so that an unknown e-mail address takes as long as a wrong password; never a match.
   */
  async check(password: string, hash: string | undefined): Promise<PasswordCheck> {
    let matches = false;
    const ran = await this.limit.run(async () => {
      const valid = await this.verify(password, hash ?? (await hashOfNobody()));
      matches = valid && hash !== undefined;
    });
    if (!ran) {
      return 'busy';
    }
    return matches ? 'match' : 'mismatch';
  }
}
