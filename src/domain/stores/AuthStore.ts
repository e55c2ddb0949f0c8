import { makeObservable, observable, runInAction } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { isApiError } from '../model/ApiError';
import { Emitter } from '../model/Emitter';
import { LOGIN_PATH, safeReturnPath } from '../model/returnPath';
import type { Credentials } from '../../../shared/User';
import type { AuthApi } from '../ports/AuthApi';
import type { Navigator } from '../ports/Navigator';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';

/**
 * Logging in and out, as the login form and the user menu ask. What follows from the session
 * beginning or ending (the stream, push, colours, the 401 rule) is the `SessionLifecycle`'s.
 */
export class AuthStore {
  /** A login request is under way. */
  pending = false;
  /** Translation key of the last login failure, or null. */
  loginError: string | null = null;

  private readonly willLogOut = new Emitter<string>();

  /** The signed-in user (by id) logs out deliberately, from the user menu: fired just before the session ends. */
  readonly onWillLogOut = (listener: (userId: string) => void): Disposable => this.willLogOut.event(listener);

  constructor(
    private readonly api: AuthApi,
    private readonly session: SessionStore,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, { pending: observable, loginError: observable });
  }

  /** Logs in and goes to `returnTo` (a same-origin path) or home. Resolves true on success. */
  async login(credentials: Credentials, returnTo?: string | null): Promise<boolean> {
    if (this.pending) {
      return false;
    }
    runInAction(() => {
      this.pending = true;
      this.loginError = null;
    });
    try {
      const result = await this.api.login(credentials);
      runInAction(() => this.session.signIn(result));
      this.navigator.navigate(safeReturnPath(returnTo), { replace: true });
      return true;
    } catch (error) {
      runInAction(() => {
        this.loginError =
          isApiError(error) && error.kind === 'unauthorized' ? 'login.wrongCredentials' : isApiError(error) ? error.messageKey : 'errors.unexpected';
      });
      return false;
    } finally {
      runInAction(() => (this.pending = false));
    }
  }

  /** Ends the session here and on the backend (the token is revoked there). */
  async logout(): Promise<void> {
    if (!this.session.isSignedIn) {
      return;
    }
    try {
      await this.api.logout();
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'unauthorized')) {
        this.notifier.show({ message: 'errors.logoutFailed', intent: 'warning' });
      }
    }
    const userId = this.session.user?.id;
    if (userId) {
      this.willLogOut.fire(userId);
    }
    runInAction(() => this.session.signOut());
    this.navigator.navigate(LOGIN_PATH, { replace: true });
  }
}
