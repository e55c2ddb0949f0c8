import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import { jwtExpiry, jwtIssuedAt, sameSession } from '../model/jwtExpiry';
import { loginPathReturningTo } from '../model/returnPath';
import type { Clock } from '../ports/Clock';
import type { AuthApi } from '../ports/AuthApi';
import type { EventStream } from '../ports/EventStream';
import type { HttpClient, RefusedRequest } from '../ports/HttpClient';
import type { LocaleService } from '../ports/LocaleService';
import type { Navigator } from '../ports/Navigator';
import type { Notifier } from '../ports/Notifier';
import type { PushService } from '../ports/PushService';
import type { SessionStore } from '../ports/SessionStore';
import type { StatePersistence } from '../ports/StatePersistence';
import type { ThemeService } from '../ports/ThemeService';
import type { TabLock } from '../ports/TabLock';
import type { Timers } from '../ports/Timers';
import type { UserActivity } from '../ports/UserActivity';
import type { SessionWork } from './SessionWork';

/** How long the token must stay as it is before the stream follows it (one briefer never touches it). */
export const TOKEN_SETTLE_MS = 500;

/** How long before its session ends the console says so. */
export const SESSION_END_WARNING_MS = 2 * 60_000;

/** A token is renewed once this share of its life has passed (15-minute tokens: after 10 minutes). */
export const RENEW_AT_SHARE = 2 / 3;

/** After a renewal that failed (no network, the backend away), the next try. */
export const RENEW_RETRY_MS = 60_000;

/**
 * How long a tab whose stored token was refused (401) waits for another tab's renewed session to
 * reach it before it ends the session. A tab that renews stores the new token before it releases the
 * renewal lock, but the browser hands that write to the other tabs a moment later (their copy of the
 * storage is updated by a message of its own), so the tab next in the lock may still read the old token.
 */
export const SESSION_HANDOFF_MS = 2000;

/**
 * The tabs' lock around a renewal, held until the renewed token is stored: a tab that renews revokes
 * the token every tab of the browser holds.
 */
const RENEWAL_LOCK = 'order-cockpit.session-renewal';

/** Where 401 answers are announced: the HTTP client and the live stream. */
export interface UnauthorizedSource {
  onDidReceiveUnauthorized(listener: (event: RefusedRequest) => void): Disposable;
}

/** Where a deliberate logout is announced (the user menu's, `AuthStore`), with the user's id. */
export interface LogoutSource {
  onWillLogOut(listener: (userId: string) => void): Disposable;
}

export interface SessionLifecycleDeps {
  session: SessionStore;
  /** The user as the backend knows it now (`GET /api/me`), read once at a start with a stored session; the session's renewal. */
  auth: Pick<AuthApi, 'me' | 'renew'>;
  /** Whether the console is in use: an idle one is not renewed. */
  activity: UserActivity;
  /** Renewals run in one tab at a time: the tabs share the session, and a renewal revokes the token. */
  lock: TabLock;
  locale: LocaleService;
  events: EventStream;
  theme: ThemeService;
  push: PushService;
  /** Tells when another tab of this browser wrote the stored state. */
  persistence: Pick<StatePersistence, 'onDidChangeElsewhere'>;
  /** Every transport whose 401 ends the session: the HTTP client, the live stream. */
  unauthorized: readonly UnauthorizedSource[];
  /** Where 403 answers are announced: the HTTP client. */
  forbidden: Pick<HttpClient, 'onDidReceiveForbidden'>;
  navigator: Navigator;
  notifier: Notifier;
  timers: Timers;
  clock: Clock;
  /**
   * The operator's work that follows the session (the open order, the new order, the kept edits):
   * closed when its user's session ends, so nothing of it stays on screen, offered back to its user,
   * forgotten at a deliberate logout.
   */
  work: SessionWork;
  /** Deliberate logouts. */
  logouts: LogoutSource;
}

/**
 * Everything that happens when a session begins, changes or ends, in the order it happens. Started
 * by the composition root once the session is restored; disposed on shutdown.
 *
 * At the start, with the session as restored from storage:
 * - the language puts itself into effect (interface texts, date locale, `<html lang>`), now and at
 *   every change;
 * - a stored session's live stream opens at once (its token has settled), its user is read again
 *   from the backend (language or colours may have changed elsewhere), and this browser is
 *   subscribed to web push; a start without one unsubscribes what an earlier session left here.
 * While it runs:
 * - the tenant's colours are painted while signed in and removed the moment the session ends;
 * - {@link TOKEN_SETTLE_MS} after the token changed (a token set and cleared within that time causes nothing)
 *   the stream follows: closed, and opened again with the new token if there is one; a renewed
 *   token of the same session (same user and sign-in) moves the stream on, resuming where it was;
 * - a token appearing subscribes to web push, its going unsubscribes (the backend forgets the
 *   endpoint by the endpoint itself: the token is gone by then);
 * - when two thirds of the token's life have passed, the session is renewed (`POST /api/auth/renew`:
 *   a new token of the same session; the backend ends a session 12 hours after its sign-in at the
 *   latest), unless nobody has used the console for the idle limit: then it is renewed when someone
 *   does, if the token is still valid; a failed renewal is tried again a minute later. Tabs renew one
 *   at a time and read the stored session first: a tab that finds the token renewed by another takes
 *   that one (the revoked token is never sent);
 * - two minutes before the token expires (the session's end: idle, or its longest time reached) a
 *   toast says so, with the minutes left, so that open changes can be saved; a token that replaced it
 *   meanwhile says nothing;
 * - a 401 to a request that carried the current token (any transport) ends the session once,
 *   however many fail together, with a toast and the login page that returns where the operator was;
 *   a 401 of an older session's request is ignored, and so is one whose token another tab renewed
 *   (its stored session is waited for up to two seconds: the browser hands it over a moment late);
 * - a 403 to a request that carried the current token means the user's role no longer allows what
 *   the console offered (changed by an admin meanwhile): the user is read again, so the console
 *   shows what the role allows now; the session goes on;
 * - an edit in progress outlives the session's end: the open order's unsaved fields are kept in the
 *   browser for its user while they are edited (`UnsavedEditsStore`); when a session ends the open
 *   order is closed (nothing of it stays on screen for whoever signs in next) and, except after a
 *   deliberate logout, which deletes them, the edits stay; when a user is signed in (a login, a
 *   restored session, another tab's login) every other user's edits are deleted from this browser
 *   and that user's are offered back;
 * - another tab logging in or out, or switching the language, reaches this tab: the stored state is
 *   read again and all of the above follows from it.
 * Logging in and out themselves are the login form's and the user menu's (`AuthStore`): they change
 * the session, and this class does the rest.
 */
export class SessionLifecycle implements Disposable {
  private readonly disposables = new DisposableCollection();
  private settling: Disposable | null = null;
  /** The token the stream follows, once it stayed for the settle time. */
  private settledToken: string | null = null;
  /** The warning before the session's end, while one is due. */
  private endWarning: Disposable | null = null;
  /** The token whose refusal has ended the session (told once, however many requests it refused). */
  private endedToken: string | null = null;
  /** The renewal of the current token, while one is due or waits for the console to be used. */
  private renewal: Disposable | null = null;
  /** The end of a session whose renewal no longer extends it (its longest time reached). */
  private finalExpiry: number | null = null;
  /** When the current token's renewal is due, until it is tried. */
  private renewalDue: number | null = null;
  /** The wait of a refused token that was still the stored one, for another tab's renewed session. */
  private handoff: { token: string; arrived: Promise<void>; wait: Disposable } | null = null;

  constructor(private readonly deps: SessionLifecycleDeps) {}

  start(): void {
    const { session, locale, theme, push, timers } = this.deps;
    this.disposables.add(reaction(() => session.language, (language) => locale.apply(language), { fireImmediately: true }));

    // The session as restored has settled already: its stream opens at once, beside the first
    // screen's requests, so that its first `reset` finds the first list still on its way.
    if (session.token) {
      this.followToken();
      this.refreshUser(session.token);
      theme.apply(session.colors);
    }
    void (session.isSignedIn ? push.subscribe() : push.unsubscribeLeftover());

    this.disposables.add(
      reaction(
        () => (session.isSignedIn ? session.colors : null),
        (colors) => (colors ? theme.apply(colors) : theme.remove()),
      ),
    );
    this.disposables.add(
      reaction(
        () => session.token,
        () => {
          this.settling?.dispose();
          this.settling = timers.after(TOKEN_SETTLE_MS, () => {
            this.settling = null;
            this.followToken();
          });
        },
      ),
    );
    this.disposables.add({ dispose: () => this.settling?.dispose() });
    this.disposables.add(reaction(() => session.token, (token) => this.warnBeforeEnd(token), { fireImmediately: true }));
    this.disposables.add({ dispose: () => this.endWarning?.dispose() });
    this.disposables.add(reaction(() => session.token, (token) => this.scheduleRenewal(token), { fireImmediately: true }));
    this.disposables.add({ dispose: () => this.renewal?.dispose() });
    this.disposables.add(
      reaction(
        () => session.isSignedIn,
        (signedIn) => void (signedIn ? push.subscribe() : push.unsubscribe()),
      ),
    );
    for (const source of this.deps.unauthorized) {
      this.disposables.add(source.onDidReceiveUnauthorized((event) => this.expire(event)));
    }
    this.disposables.add(
      this.deps.forbidden.onDidReceiveForbidden((event) => {
        if (event.token !== null && event.token === session.token) {
          this.refreshUser(event.token);
        }
      }),
    );
    this.disposables.add(
      reaction(() => (session.isSignedIn ? (session.user?.id ?? '') : null), (user, previous) => this.followUser(user, previous), { fireImmediately: true }),
    );
    this.disposables.add(
      this.deps.logouts.onWillLogOut((userId) => this.deps.work.forget(userId)),
    );
    this.disposables.add(this.deps.persistence.onDidChangeElsewhere(() => void session.reread()));
    this.disposables.add({ dispose: () => this.handoff?.wait.dispose() });
  }

  /**
   * The signed-in user's id changed (`''`: signed in, the user not known yet). A session that ended, or
   * another user's straight after, leaves nothing open (the kept edits stay); a user is offered theirs.
   */
  private followUser(user: string | null, previous: string | null | undefined): void {
    if (user === null || (previous && previous !== user)) {
      this.deps.work.withdraw();
    }
    if (user) {
      this.deps.work.offerTo(user);
    }
  }

  dispose(): void {
    this.disposables.dispose();
    this.deps.events.close();
  }

  /** The stream carries the settled token: closed first also when another follows, opened with it. */
  private followToken(): void {
    const { session, events } = this.deps;
    const token = session.token;
    if (token === this.settledToken) {
      return;
    }
    const previous = this.settledToken;
    this.settledToken = token;
    if (previous !== null && token !== null && sameSession(previous, token)) {
      // The session's token was renewed: the stream goes on with it where it was.
      events.renew(token);
      return;
    }
    if (previous !== null) {
      events.close();
    }
    if (token) {
      events.open(token);
    }
  }

  /** Renews `token` when two thirds of its life have passed, or later when the console is used again. */
  private scheduleRenewal(token: string | null): void {
    const { timers, clock } = this.deps;
    this.renewal?.dispose();
    this.renewal = null;
    this.renewalDue = null;
    const expiry = token ? jwtExpiry(token) : null;
    const issuedAt = token ? jwtIssuedAt(token) : null;
    if (token === null || expiry === null || issuedAt === null || (this.finalExpiry !== null && expiry <= this.finalExpiry)) {
      return;
    }
    const due = issuedAt + (expiry - issuedAt) * RENEW_AT_SHARE;
    this.renewalDue = due;
    this.renewal = timers.after(Math.max(0, due - clock.now()), () => this.renewWhenUsed(token));
  }

  private renewWhenUsed(token: string): void {
    const { activity } = this.deps;
    this.renewalDue = null;
    this.renewal?.dispose();
    this.renewal = activity.idle ? activity.onDidResume(() => this.renew(token)) : null;
    if (this.renewal === null) {
      this.renew(token);
    }
  }

  /**
   * Takes a new token for the session of `token`, if that is still the session's and valid: under the
   * tabs' lock, after reading the stored session again (another tab may have renewed it already).
   */
  private renew(token: string): void {
    const { session, auth, lock, timers, clock } = this.deps;
    this.renewal?.dispose();
    this.renewal = null;
    const expiry = jwtExpiry(token);
    if (session.token !== token || expiry === null || expiry <= clock.now()) {
      return;
    }
    lock
      .run(RENEWAL_LOCK, async () => {
        await session.reread();
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
        if (session.token === token && this.renewal === null) {
          this.renewal = timers.after(RENEW_RETRY_MS, () => this.renewWhenUsed(token));
        }
      });
  }

  /** Says, two minutes before `token` expires (or at once when less is left), that the session is about to end. */
  private warnBeforeEnd(token: string | null): void {
    const { session, notifier, timers, clock } = this.deps;
    this.endWarning?.dispose();
    this.endWarning = null;
    const expiry = token ? jwtExpiry(token) : null;
    if (expiry === null || expiry <= clock.now()) {
      return;
    }
    this.endWarning = timers.after(Math.max(0, expiry - SESSION_END_WARNING_MS - clock.now()), () => {
      this.endWarning = null;
      const left = expiry - clock.now();
      // A renewal still to come replaces the token before its end (short-lived tokens reach this first).
      const renewalAhead = !this.deps.activity.idle && this.renewalDue !== null && this.renewalDue > clock.now();
      if (session.token === token && left > 0 && !renewalAhead) {
        notifier.show({ message: 'session.endsSoon', values: { count: Math.ceil(left / 60_000) }, intent: 'warning' });
      }
    });
  }

  /** The user kept may be stale (a start, a 403): taken as the backend knows it, if the session is still the same. */
  private refreshUser(token: string): void {
    const { session, auth } = this.deps;
    auth
      .me()
      .then((user) => session.token === token && session.setUser(user))
      // A 401 ends the session through the rule below; anything else keeps the stored user.
      .catch(() => undefined);
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
   * lifecycle's wait never settles.
   */
  private handedOver(token: string): Promise<void> {
    if (this.handoff?.token === token) {
      return this.handoff.arrived;
    }
    this.handoff?.wait.dispose();
    const { session, timers } = this.deps;
    const wait = new DisposableCollection();
    const arrived = new Promise<void>((resolve) => {
      const end = () => {
        wait.dispose();
        resolve();
      };
      wait.add(reaction(() => session.token !== token, (gone) => gone && end()));
      wait.add(timers.after(SESSION_HANDOFF_MS, end));
    });
    this.handoff = { token, arrived, wait };
    return arrived;
  }
}
