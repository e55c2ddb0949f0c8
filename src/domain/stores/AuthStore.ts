import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
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
 *
 * A user signing in with a one-time password an admin handed out gets no session with it: the
 * backend asks for a password of their own (`password-change-required`), and the sign-in goes on
 * with it (`chooseFirstPassword`). Until then the e-mail and the one-time password are held here, in
 * memory only.
 */
export class AuthStore {
  /** A login request is under way. */
  pending = false;
  /** Translation key of the last login failure, or null. */
  loginError: string | null = null;
  /** The backend's message about the chosen password (it does not meet the rule), or null. */
  newPasswordError: string | null = null;
  /** The sign-in waiting for a password of the user's own, or null. */
  private firstSignIn: Credentials | null = null;

  private readonly willLogOut = new Emitter<string>();

  /** The signed-in user (by id) logs out deliberately, from the user menu: fired just before the session ends. */
  readonly onWillLogOut = (listener: (userId: string) => void): Disposable => this.willLogOut.event(listener);

  constructor(
    private readonly api: AuthApi,
    private readonly session: SessionStore,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeObservable<AuthStore, 'firstSignIn'>(this, {
      pending: observable,
      loginError: observable,
      newPasswordError: observable,
      firstSignIn: observableRef,
      choosingPassword: computed,
      cancelFirstPassword: action,
      editingNewPassword: action,
    });
  }

  /** The backend asked for a password of the user's own before the sign-in goes on. */
  get choosingPassword(): boolean {
    return this.firstSignIn !== null;
  }

  /** Logs in and goes to `returnTo` (a same-origin path) or home. Resolves true on success. */
  login(credentials: Credentials, returnTo?: string | null): Promise<boolean> {
    runInAction(() => (this.firstSignIn = null));
    return this.signIn(credentials, returnTo);
  }

  /** Goes on with the sign-in that asked for a password of the user's own, with `newPassword`. */
  chooseFirstPassword(newPassword: string, returnTo?: string | null): Promise<boolean> {
    const waiting = this.firstSignIn;
    return waiting ? this.signIn({ ...waiting, newPassword }, returnTo) : Promise.resolve(false);
  }

  /** The password of the user's own is typed anew: the backend's message about the last one no longer stands. */
  editingNewPassword(): void {
    this.newPasswordError = null;
  }

  /** Back to the login form: the one-time password is forgotten. */
  cancelFirstPassword(): void {
    this.firstSignIn = null;
    this.newPasswordError = null;
    this.loginError = null;
  }

  private async signIn(credentials: Credentials, returnTo?: string | null): Promise<boolean> {
    if (this.pending) {
      return false;
    }
    runInAction(() => {
      this.pending = true;
      this.loginError = null;
      this.newPasswordError = null;
    });
    try {
      const result = await this.api.login(credentials);
      runInAction(() => {
        this.firstSignIn = null;
        this.session.signIn(result);
      });
      this.navigator.navigate(safeReturnPath(returnTo), { replace: true });
      return true;
    } catch (error) {
      runInAction(() => this.failed(credentials, error));
      return false;
    } finally {
      runInAction(() => (this.pending = false));
    }
  }

  private failed(credentials: Credentials, error: unknown): void {
    if (!isApiError(error)) {
      this.loginError = 'errors.unexpected';
      return;
    }
    switch (error.problemKind) {
      case 'password-change-required':
        this.firstSignIn = { email: credentials.email, password: credentials.password };
        return;
      case 'account-inactive':
        this.firstSignIn = null;
        this.loginError = 'login.accountInactive';
        return;
    }
    const newPasswordError = error.fieldErrors.find((fieldError) => fieldError.field === 'newPassword');
    if (this.firstSignIn && newPasswordError) {
      this.newPasswordError = newPasswordError.message;
      return;
    }
    if (error.kind === 'unauthorized') {
      // The one-time password no longer counts (an admin gave another meanwhile): sign in again.
      this.firstSignIn = null;
      this.loginError = 'login.wrongCredentials';
      return;
    }
    this.loginError = error.messageKey;
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
