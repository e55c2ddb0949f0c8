import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import type { EventStream } from '../ports/EventStream';
import type { LocaleService } from '../ports/LocaleService';
import type { PushService } from '../ports/PushService';
import type { SessionStore } from '../ports/SessionStore';
import type { ThemeService } from '../ports/ThemeService';
import type { Timers } from '../ports/Timers';

/** How long the token must stay as it is before the stream follows it (spec: about 500 ms). */
export const TOKEN_SETTLE_MS = 500;

export interface SessionLifecycleDeps {
  session: SessionStore;
  locale: LocaleService;
  events: EventStream;
  theme: ThemeService;
  push: PushService;
  timers: Timers;
}

/**
 * What happens when the session changes, in one place (spec §4): started by the composition root
 * after the session is restored, disposed on shutdown.
 * - The language puts itself into effect: interface texts, date locale, `<html lang>`.
 * - About 500 ms after the token changed (a token set and cleared within that time causes nothing):
 *   with a token the live stream opens; without one it closes and the tenant's style goes. The
 *   token of the session restored at start has settled: its stream opens at once.
 * - The tenant's colours are painted while signed in, as soon as they are known or change.
 * - A token appearing subscribes this browser to web push, its disappearing unsubscribes it; a start
 *   without a session unsubscribes a subscription an earlier session left in this browser.
 * Other tabs reach this through the session store, which reads the state again when another tab
 * of the browser wrote it, so logging in or out in one tab reaches every tab.
 */
export class SessionLifecycle implements Disposable {
  private readonly disposables = new DisposableCollection();
  private settling: Disposable | null = null;
  /** The token the stream follows, once it stayed for the settle time. */
  private settledToken: string | null = null;

  constructor(private readonly deps: SessionLifecycleDeps) {}

  start(): void {
    const { session, locale, events, theme, push, timers } = this.deps;
    this.disposables.add(
      reaction(
        () => session.language,
        (language) => locale.apply(language),
        { fireImmediately: true },
      ),
    );
    const follow = () => {
      const token = session.token;
      if (token === this.settledToken) {
        return;
      }
      const previous = this.settledToken;
      this.settledToken = token;
      if (previous !== null) {
        // Closed first also when another token follows: the stream must carry the new one.
        events.close();
      }
      if (token) {
        events.open();
      } else {
        theme.remove();
      }
    };
    // The session as restored has settled already: its stream opens at once, beside the first
    // screen's requests, so that its first `reset` finds the first list still on its way.
    if (session.token) {
      follow();
    }
    this.disposables.add(
      reaction(
        () => session.token,
        () => {
          this.settling?.dispose();
          this.settling = timers.after(TOKEN_SETTLE_MS, () => {
            this.settling = null;
            follow();
          });
        },
        { fireImmediately: false },
      ),
    );
    this.disposables.add(
      reaction(
        () => (session.isSignedIn ? session.colors : null),
        (colors) => {
          if (colors) {
            theme.apply(colors);
          }
        },
        { fireImmediately: true },
      ),
    );
    this.disposables.add(
      reaction(
        () => session.isSignedIn,
        (signedIn) => void (signedIn ? push.subscribe() : push.unsubscribe()),
        { fireImmediately: false },
      ),
    );
    // The session as restored: a signed-in start subscribes; a start without one (nobody signed in,
    // or the stored token expired while the console was closed) forgets what the last session left.
    void (session.isSignedIn ? push.subscribe() : push.unsubscribeLeftover());
    this.disposables.add({ dispose: () => this.settling?.dispose() });
  }

  dispose(): void {
    this.disposables.dispose();
    this.deps.events.close();
  }
}
