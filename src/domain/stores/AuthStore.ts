import { action, makeObservable, observable, runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import type { Disposable } from '../../../shared/Disposable';
import { loginPathReturningTo, LOGIN_PATH, safeReturnPath } from '../model/returnPath';
import type { Credentials } from '../../../shared/User';
import type { AuthApi } from '../ports/AuthApi';
import type { EventStream } from '../ports/EventStream';
import type { HttpClient, UnauthorizedEvent } from '../ports/HttpClient';
import type { Navigator } from '../ports/Navigator';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';

/**
 * Logging in and out. Also holds the global 401 rule (spec): any 401 to a request that carried
 * the current token logs out and goes to `/login` once, however many requests fail together.
 */
export class AuthStore implements Disposable {
  /** A login request is under way. */
  pending = false;
  /** Translation key of the last login failure, or null. */
  loginError: string | null = null;

  private readonly subscriptions: Disposable[];

  constructor(
    private readonly api: AuthApi,
    private readonly session: SessionStore,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    http: HttpClient,
    events?: Pick<EventStream, 'onDidReceiveUnauthorized'>,
  ) {
    makeObservable(this, { pending: observable, loginError: observable, expire: action });
    // The live stream's 401 follows the same rule as any request's.
    this.subscriptions = [http, ...(events ? [events] : [])].map((source) => source.onDidReceiveUnauthorized((event) => this.expire(event)));
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
    runInAction(() => this.session.signOut());
    this.navigator.navigate(LOGIN_PATH, { replace: true });
  }

  /** The session's token was refused: sign out and go to the login page, once per token. */
  expire(event: UnauthorizedEvent): void {
    if (event.token === null || event.token !== this.session.token) {
      return;
    }
    const returnTo = this.navigator.currentPath;
    this.session.signOut();
    this.notifier.show({ message: 'login.sessionExpired', intent: 'warning' });
    this.navigator.navigate(loginPathReturningTo(returnTo), { replace: true });
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }
}
