import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import { jwtExpiry } from '../model/jwtExpiry';
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
import type { Timers } from '../ports/Timers';

/** How long the token must stay as it is before the stream follows it (about 500 ms). */
export const TOKEN_SETTLE_MS = 500;

/** How long before its session ends the console says so. */
export const SESSION_END_WARNING_MS = 2 * 60_000;

/** Where 401 answers are announced: the HTTP client and the live stream. */
export interface UnauthorizedSource {
  onDidReceiveUnauthorized(listener: (event: RefusedRequest) => void): Disposable;
}

export interface SessionLifecycleDeps {
  session: SessionStore;
  /** The user as the backend knows it now (`GET /api/me`), read once at a start with a stored session. */
  auth: Pick<AuthApi, 'me'>;
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
 * - about 500 ms after the token changed (a token set and cleared within that time causes nothing)
 *   the stream follows: closed, and opened again with the new token if there is one;
 * - a token appearing subscribes to web push, its going unsubscribes (the backend forgets the
 *   endpoint by the endpoint itself: the token is gone by then);
 * - two minutes before the token expires (the session's end) a toast says so, with the minutes
 *   left, so that open changes can be saved; a token that replaced it meanwhile says nothing;
 * - a 401 to a request that carried the current token (any transport) ends the session once,
 *   however many fail together, with a toast and the login page that returns where the operator was;
 *   a 401 of an older session's request is ignored;
 * - a 403 to a request that carried the current token means the user's role no longer allows what
 *   the console offered (changed by an admin meanwhile): the user is read again, so the console
 *   shows what the role allows now; the session goes on;
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
    this.disposables.add(this.deps.persistence.onDidChangeElsewhere(() => void session.reread()));
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
    if (previous !== null) {
      events.close();
    }
    if (token) {
      events.open(token);
    }
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
      if (session.token === token && left > 0) {
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

  /** The 401 rule: only a request that carried the current token ends the session. */
  private expire(event: RefusedRequest): void {
    const { session, navigator, notifier } = this.deps;
    if (event.token === null || event.token !== session.token) {
      return;
    }
    const returnTo = navigator.currentPath;
    session.signOut();
    notifier.show({ message: 'login.sessionExpired', intent: 'warning' });
    navigator.navigate(loginPathReturningTo(returnTo), { replace: true });
  }
}
