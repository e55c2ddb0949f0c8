import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import type { SessionStore } from '../ports/SessionStore';
import type { Timers } from '../ports/Timers';

/**
 * How long a tab waits for another tab's renewed session to reach it. A tab that renews stores the
 * new token before it releases the renewal lock, but the browser hands that write to the other tabs
 * a moment later (their copy of the storage is updated by a message of its own), so the tab next in
 * the lock may still read the old token.
 */
export const SESSION_HANDOFF_MS = 2000;

/** A wait for the session's token to be replaced; disposed, it never settles. */
export interface TokenReplacement extends Disposable {
  readonly token: string;
  /** Settles once the session's token is no longer `token`, or `SESSION_HANDOFF_MS` later. */
  readonly arrived: Promise<void>;
}

/** Waits, `SESSION_HANDOFF_MS` at most, for the session's token to be another than `token` (another tab's write read). */
export function tokenReplaced(session: Pick<SessionStore, 'token'>, timers: Timers, token: string): TokenReplacement {
  const wait = new DisposableCollection();
  const arrived = new Promise<void>((resolve) => {
    const end = () => {
      wait.dispose();
      resolve();
    };
    wait.add(reaction(() => session.token !== token, (gone) => gone && end()));
    wait.add(timers.after(SESSION_HANDOFF_MS, end));
  });
  return { token, arrived, dispose: () => wait.dispose() };
}
