import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import { loginPathReturningTo } from '../model/returnPath';
import type { RefusedRequest } from '../ports/HttpClient';
import type { Navigator } from '../ports/Navigator';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';
import type { TabLock } from '../ports/TabLock';
import type { Timers } from '../ports/Timers';
import { RENEWAL_LOCK } from './SessionRenewal';
import { tokenReplaced, type TokenReplacement } from './tokenReplaced';

/** Where 401 answers are announced: the HTTP client and the live stream. */
export interface UnauthorizedSource {
  onDidReceiveUnauthorized(listener: (event: RefusedRequest) => void): Disposable;
}

export interface SessionExpiryDeps {
  session: SessionStore;
  /** Every transport whose 401 ends the session: the HTTP client, the live stream. */
  unauthorized: readonly UnauthorizedSource[];
  /** The renewal lock: a refused token's end waits for the tab renewing it. */
  lock: TabLock;
  navigator: Navigator;
  notifier: Notifier;
  timers: Timers;
}

/**
 * A 401 to a request that carried the current token (any transport) ends the session once, however
 * many fail together, with a toast and the login page that returns where the operator was; a 401 of
 * an older session's request is ignored, and so is one whose token another tab renewed (its stored
 * session is waited for up to `SESSION_HANDOFF_MS`: the browser hands it over a moment late).
 */
export class SessionExpiry implements Disposable {
  private readonly disposables = new DisposableCollection();
  /** The token whose refusal has ended the session (told once, however many requests it refused). */
  private endedToken: string | null = null;
  /** The wait of a refused token that was still the stored one, for another tab's renewed session. */
  private handoff: TokenReplacement | null = null;

  constructor(private readonly deps: SessionExpiryDeps) {}

  start(): void {
    for (const source of this.deps.unauthorized) {
      this.disposables.add(source.onDidReceiveUnauthorized((event) => this.expire(event)));
    }
    this.disposables.add(() => this.handoff?.dispose());
  }

  dispose(): void {
    this.disposables.dispose();
  }

  /**
   * The 401 rule: only a request that carried the current token ends the session. Another tab may
   * have renewed the session, which revoked that token: the stored session is read again once no tab
   * is renewing (the renewal lock), and a token renewed meanwhile goes on. Where the stored token is
   * still the refused one, the other tab's write may not have reached this tab yet: it is waited for
   * (`SESSION_HANDOFF_MS` at most) before the session ends.
   */
  private expire(event: RefusedRequest): void {
    const { session, lock, navigator } = this.deps;
    const refused = event.token;
    if (refused === null || refused !== session.token) {
      return;
    }
    const returnTo = navigator.currentPath;
    void lock
      .run(RENEWAL_LOCK, () => session.reread())
      .catch(() => undefined)
      .then(() => (session.token === refused ? this.handedOver(refused) : undefined))
      .then(() => {
        // Renewed in another tab meanwhile: the session goes on with that token. (Read again, an
        // expired token is no session any more: that end is told like any other.)
        if ((session.token !== null && session.token !== refused) || this.endedToken === refused) {
          return;
        }
        this.endedToken = refused;
        session.signOut();
        this.deps.notifier.show({ message: 'login.sessionExpired', intent: 'warning' });
        navigator.navigate(loginPathReturningTo(returnTo), { replace: true });
      });
  }

  /**
   * Settles once the session's token is no longer `token` (another tab's write has come and was read)
   * or `SESSION_HANDOFF_MS` later; one wait for all the requests `token` had refused. A disposed
   * expiry's wait never settles.
   */
  private handedOver(token: string): Promise<void> {
    if (this.handoff?.token !== token) {
      this.handoff?.dispose();
      this.handoff = tokenReplaced(this.deps.session, this.deps.timers, token);
    }
    return this.handoff.arrived;
  }
}
