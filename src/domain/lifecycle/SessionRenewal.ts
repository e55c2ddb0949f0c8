import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import { jwtExpiry, jwtIssuedAt } from '../model/jwtExpiry';
import type { AuthApi } from '../ports/AuthApi';
import type { Clock } from '../ports/Clock';
import type { SessionStore } from '../ports/SessionStore';
import type { TabLock } from '../ports/TabLock';
import type { Timers } from '../ports/Timers';
import type { UserActivity } from '../ports/UserActivity';
import { tokenReplaced, type TokenReplacement } from './tokenReplaced';

/** A token is renewed once this share of its life has passed (15-minute tokens: after 10 minutes). */
export const RENEW_AT_SHARE = 2 / 3;

/** After a renewal that failed (no network, the backend away), the next try. */
export const RENEW_RETRY_MS = 60_000;

/**
 * The tabs' lock around a renewal, held until the renewed token is stored: a tab that renews revokes
 * the token every tab of the browser holds. A refused token's end waits for it too (`SessionExpiry`).
 */
export const RENEWAL_LOCK = 'order-cockpit.session-renewal';

/** Whether the current token will be replaced by a renewal before it ends (the end-of-session warning asks). */
export interface RenewalOutlook {
  readonly renewalAhead: boolean;
}

export interface SessionRenewalDeps {
  session: SessionStore;
  /** The session's renewal (`POST /api/auth/renew`). */
  auth: Pick<AuthApi, 'renew'>;
  /** Whether the console is in use: an idle one is not renewed. */
  activity: UserActivity;
  /** Renewals run in one tab at a time: the tabs share the session, and a renewal revokes the token. */
  lock: TabLock;
  timers: Timers;
  clock: Clock;
}

/**
 * The session's token renewed before it ends, while the console is used: when two thirds of the
 * token's life have passed it is renewed (`POST /api/auth/renew`: a new token of the same session;
 * the backend ends a session 12 hours after its sign-in at the latest), unless nobody has used the
 * console for the idle limit: then it is renewed when someone does, if the token is still valid; a
 * failed renewal is tried again a minute later. Tabs renew one at a time (`RENEWAL_LOCK`) and read
 * the stored session first: a tab that finds the token renewed by another takes that one (the revoked
 * token is never sent); one that waited for the lock waits for the other tab's renewed session too
 * (`SESSION_HANDOFF_MS` at most), which the browser hands over a moment after the lock. A renewal that no longer extends the session (its longest time reached) is
 * the last.
 */
export class SessionRenewal implements Disposable, RenewalOutlook {
  private readonly disposables = new DisposableCollection();
  /** The renewal of the current token, while one is due or waits for the console to be used. */
  private pending: Disposable | null = null;
  /** The end of a session whose renewal no longer extends it (its longest time reached). */
  private finalExpiry: number | null = null;
  /** When the current token's renewal is due, until it is tried. */
  private due: number | null = null;
  /** The wait, after another tab held the lock, for the session that tab may have renewed. */
  private handoff: TokenReplacement | null = null;

  constructor(private readonly deps: SessionRenewalDeps) {}

  start(): void {
    this.disposables.add(reaction(() => this.deps.session.token, (token) => this.schedule(token), { fireImmediately: true }));
    this.disposables.add(() => this.pending?.dispose());
    this.disposables.add(() => this.handoff?.dispose());
  }

  dispose(): void {
    this.disposables.dispose();
  }

  /** A renewal is still to come before the token ends, and the console is in use, so it will be made. */
  get renewalAhead(): boolean {
    const { activity, clock } = this.deps;
    return !activity.idle && this.due !== null && this.due > clock.now();
  }

  /** Renews `token` when two thirds of its life have passed, or later when the console is used again. */
  private schedule(token: string | null): void {
    const { timers, clock } = this.deps;
    this.pending?.dispose();
    this.pending = null;
    this.due = null;
    const expiry = token ? jwtExpiry(token) : null;
    const issuedAt = token ? jwtIssuedAt(token) : null;
    if (token === null || expiry === null || issuedAt === null || (this.finalExpiry !== null && expiry <= this.finalExpiry)) {
      return;
    }
    const due = issuedAt + (expiry - issuedAt) * RENEW_AT_SHARE;
    this.due = due;
    this.pending = timers.after(Math.max(0, due - clock.now()), () => this.renewWhenUsed(token));
  }

  private renewWhenUsed(token: string): void {
    const { activity } = this.deps;
    this.due = null;
    this.pending?.dispose();
    this.pending = activity.idle ? activity.onDidResume(() => this.renew(token)) : null;
    if (this.pending === null) {
      this.renew(token);
    }
  }

  /**
   * Takes a new token for the session of `token`, if that is still the session's and valid: under the
   * tabs' lock, after reading the stored session again (another tab may have renewed it already).
   */
  private renew(token: string): void {
    const { session, auth, lock, timers, clock } = this.deps;
    this.pending?.dispose();
    this.pending = null;
    const expiry = jwtExpiry(token);
    if (session.token !== token || expiry === null || expiry <= clock.now()) {
      return;
    }
    lock
      .run(RENEWAL_LOCK, async (waited) => {
        await session.reread();
        if (waited && session.token === token) {
          // Another tab held the lock, perhaps to renew: its renewed session reaches this tab a moment
          // later than the lock does, and the token it revoked is not to be sent.
          this.handoff = tokenReplaced(session, timers, token);
          await this.handoff.arrived;
        }
        if (session.token !== token) {
          return;
        }
        const result = await auth.renew();
        if (session.token !== token) {
          return;
        }
        const renewedExpiry = jwtExpiry(result.token);
        if (renewedExpiry !== null && renewedExpiry <= expiry) {
          // Its longest time is reached: this token ends the session, and is not renewed again.
          this.finalExpiry = renewedExpiry;
        }
        // Stored before the lock is released: the other tabs' 401s for the revoked token wait for it.
        session.signIn(result);
      })
      .catch(() => {
        // A 401 ends the session through its rule; anything else is tried again while the token lasts.
        if (session.token === token && this.pending === null) {
          this.pending = timers.after(RENEW_RETRY_MS, () => this.renewWhenUsed(token));
        }
      });
  }
}
