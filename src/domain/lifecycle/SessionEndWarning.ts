import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import { jwtExpiry } from '../model/jwtExpiry';
import type { Clock } from '../ports/Clock';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';
import type { Timers } from '../ports/Timers';
import type { RenewalOutlook } from './SessionRenewal';

/** How long before its session ends the console says so. */
export const SESSION_END_WARNING_MS = 2 * 60_000;

export interface SessionEndWarningDeps {
  session: SessionStore;
  /** Whether a renewal replaces the token before its end: then there is no end to tell. */
  renewal: RenewalOutlook;
  notifier: Notifier;
  timers: Timers;
  clock: Clock;
}

/**
 * Two minutes before the token expires (the session's end: idle, or its longest time reached) a
 * toast says so, with the minutes left, so that open changes can be saved; at once for a token with
 * less left. A token that replaced it meanwhile, or a renewal still to come, says nothing.
 */
export class SessionEndWarning implements Disposable {
  private readonly disposables = new DisposableCollection();
  /** The warning of the current token's end, while one is due. */
  private pending: Disposable | null = null;

  constructor(private readonly deps: SessionEndWarningDeps) {}

  start(): void {
    this.disposables.add(reaction(() => this.deps.session.token, (token) => this.warnBeforeEnd(token), { fireImmediately: true }));
    this.disposables.add(() => this.pending?.dispose());
  }

  dispose(): void {
    this.disposables.dispose();
  }

  /** Says, two minutes before `token` expires (or at once when less is left), that the session is about to end. */
  private warnBeforeEnd(token: string | null): void {
    const { session, renewal, notifier, timers, clock } = this.deps;
    this.pending?.dispose();
    this.pending = null;
    const expiry = token ? jwtExpiry(token) : null;
    if (expiry === null || expiry <= clock.now()) {
      return;
    }
    this.pending = timers.after(Math.max(0, expiry - SESSION_END_WARNING_MS - clock.now()), () => {
      this.pending = null;
      const left = expiry - clock.now();
      // A renewal still to come replaces the token before its end (short-lived tokens reach this first).
      if (session.token === token && left > 0 && !renewal.renewalAhead) {
        notifier.show({ message: 'session.endsSoon', values: { count: Math.ceil(left / 60_000) }, intent: 'warning' });
      }
    });
  }
}
