import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import { sameSession } from '../model/jwtExpiry';
import type { AuthApi } from '../ports/AuthApi';
import type { EventStream } from '../ports/EventStream';
import type { HttpClient } from '../ports/HttpClient';
import type { LocaleService } from '../ports/LocaleService';
import type { PushService } from '../ports/PushService';
import type { SessionStore } from '../ports/SessionStore';
import type { StatePersistence } from '../ports/StatePersistence';
import type { ThemeService } from '../ports/ThemeService';
import type { Timers } from '../ports/Timers';
import type { SessionWork } from './SessionWork';

/** How long the token must stay as it is before the stream follows it (one briefer never touches it). */
export const TOKEN_SETTLE_MS = 500;

/** A part of the session's life that starts with the lifecycle and ends with it. */
export interface SessionPart extends Disposable {
  start(): void;
}

/** Where a deliberate logout is announced (the user menu's, `AuthStore`), with the user's id. */
export interface LogoutSource {
  onWillLogOut(listener: (userId: string) => void): Disposable;
}

export interface SessionLifecycleDeps {
  session: SessionStore;
  /** The user as the backend knows it now (`GET /api/me`), read once at a start with a stored session and after a 403. */
  auth: Pick<AuthApi, 'me'>;
  locale: LocaleService;
  events: EventStream;
  theme: ThemeService;
  push: PushService;
  /** Tells when another tab of this browser wrote the stored state. */
  persistence: Pick<StatePersistence, 'onDidChangeElsewhere'>;
  /** Where 403 answers are announced: the HTTP client. */
  forbidden: Pick<HttpClient, 'onDidReceiveForbidden'>;
  timers: Timers;
  /**
   * The operator's work that follows the session (the open order, the new order, the kept edits):
   * closed when its user's session ends, so nothing of it stays on screen, offered back to its user,
   * forgotten at a deliberate logout.
   */
  work: SessionWork;
  /** Deliberate logouts. */
  logouts: LogoutSource;
  /** The warning before the session's end (`SessionEndWarning`). */
  endWarning: SessionPart;
  /** The token's renewal before its end (`SessionRenewal`). */
  renewal: SessionPart;
  /** The session's end at a 401 (`SessionExpiry`). */
  expiry: SessionPart;
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
 * - when two thirds of the token's life have passed, the session is renewed, in one tab at a time,
 *   while the console is used (`SessionRenewal`);
 * - two minutes before the token expires (the session's end: idle, or its longest time reached) a
 *   toast says so, unless a renewal comes first (`SessionEndWarning`);
 * - a 401 to a request that carried the current token (any transport) ends the session once, with a
 *   toast and the login page that returns where the operator was, unless another tab renewed it
 *   (`SessionExpiry`);
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
    this.startPart(this.deps.endWarning);
    this.startPart(this.deps.renewal);
    this.disposables.add(
      reaction(
        () => session.isSignedIn,
        (signedIn) => void (signedIn ? push.subscribe() : push.unsubscribe()),
      ),
    );
    this.startPart(this.deps.expiry);
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
  }

  dispose(): void {
    this.disposables.dispose();
    this.deps.events.close();
  }

  private startPart(part: SessionPart): void {
    part.start();
    this.disposables.add(part);
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

  /** The user kept may be stale (a start, a 403): taken as the backend knows it, if the session is still the same. */
  private refreshUser(token: string): void {
    const { session, auth } = this.deps;
    auth
      .me()
      .then((user) => session.token === token && session.setUser(user))
      // A 401 ends the session through its rule (`SessionExpiry`); anything else keeps the stored user.
      .catch(() => undefined);
  }
}
