import { ConcurrencyLimit } from '../limits/ConcurrencyLimit';
import { hashPassword, needsRehash, OWASP_SCRYPT_COST, type ScryptCost, verifyPassword } from './passwords';

/** How many password hashes (scrypt) run at once, and how many sign-in checks may wait. */
export interface PasswordHashingOptions {
  /**
   * Hashes computed at once. Default 2: a hash keeps a core busy (in libuv's thread pool) and takes
   * 128 MiB at OWASP's cost, and the event loop and the database need the rest of a small machine.
   */
  concurrency?: number;
  /** Checks that wait for a place; beyond them, a check is refused at once. Default 4 (about a second at OWASP's cost). */
  maxWaiting?: number;
  /**
   * The cost of the hashes made (new passwords, and stored ones made anew at sign-in when weaker).
   * Default OWASP's (N = 2^17, r = 8, p = 1).
   */
  cost?: ScryptCost;
  /** Compares a password with a stored hash. Default: `verifyPassword` (scrypt); tests pass a slower or counting one. */
  verify?: (password: string, hash: string) => Promise<boolean>;
}

export const DEFAULT_HASH_CONCURRENCY = 2;
export const DEFAULT_HASH_MAX_WAITING = 4;

/** `match` or `mismatch`, or `busy`: too many checks wait already, this one was not made. */
export type PasswordCheck = 'match' | 'mismatch' | 'busy';

const nobodysHashes = new Map<string, Promise<string>>();

/** A hash that no password of any user has, at `cost`, for checks without a user. Made once per process and cost. */
function hashOfNobody(cost: ScryptCost): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = nobodysHashes.get(key);
  if (!hash) {
    hash = hashPassword('not-a-password-of-anybody', cost);
    nobodysHashes.set(key, hash);
  }
  return hash;
}

/**
 * Computes every password hash of the backend with a bounded number in flight, so that a flood of
 * sign-ins can neither take every core (and their memory) nor pile up without end: at most
 * `concurrency` run. Sign-in checks wait in arrival order, `maxWaiting` of them, the rest are refused
 * at once (`busy`); a new password's hash (changed, or handed out by an admin) waits its turn however
 * many wait, as its request has passed a check or an admin's authentication before.
 */
export class PasswordVerifier {
  private readonly limit: ConcurrencyLimit;
  private readonly verify: (password: string, hash: string) => Promise<boolean>;
  readonly cost: ScryptCost;

  constructor(options: PasswordHashingOptions = {}) {
    this.limit = new ConcurrencyLimit(options.concurrency ?? DEFAULT_HASH_CONCURRENCY, options.maxWaiting ?? DEFAULT_HASH_MAX_WAITING);
    this.verify = options.verify ?? verifyPassword;
    this.cost = options.cost ?? OWASP_SCRYPT_COST;
  }

  /**
   * Whether `password` matches `hash`. Without a hash (no such user), it is compared with a hash of
   * nobody's, so that an unknown e-mail address takes as long as a wrong password; never a match.
   */
  async check(password: string, hash: string | undefined): Promise<PasswordCheck> {
    let matches = false;
    const ran = await this.limit.run(async () => {
      const valid = await this.verify(password, hash ?? (await hashOfNobody(this.cost)));
      matches = valid && hash !== undefined;
    });
    if (!ran) {
      return 'busy';
    }
    return matches ? 'match' : 'mismatch';
  }

  /** A hash of a new `password` at this verifier's cost, made when a place is free. */
  async hash(password: string): Promise<string> {
    let hash = '';
    await this.limit.runQueued(async () => {
      hash = await hashPassword(password, this.cost);
    });
    return hash;
  }

  /**
   * A hash of `password` at this verifier's cost when `stored` (its hash, just checked) is weaker, or
   * undefined when it is not, or when too many hashes wait already (it is made at a later sign-in).
   */
  async strongerHash(password: string, stored: string): Promise<string | undefined> {
    if (!needsRehash(stored, this.cost)) {
      return undefined;
    }
    let hash: string | undefined;
    await this.limit.run(async () => {
      hash = await hashPassword(password, this.cost);
    });
    return hash;
  }
}
