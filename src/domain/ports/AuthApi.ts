import type { Credentials, LoginResult, PasswordChange, User, UserUpdate } from '../../../shared/User';

/** The backend's authentication and account resource (`/api/auth/*`, `/api/me`). */
export interface AuthApi {
  login(credentials: Credentials): Promise<LoginResult>;
  logout(): Promise<void>;
  me(): Promise<User>;
  updateMe(update: UserUpdate): Promise<User>;
  /** A new token for the session (the current one is revoked); answers as the sign-in does. */
  renew(): Promise<LoginResult>;
  /** Changes the user's password; every session of the user ends, and this one goes on with the answer's token. */
  changePassword(change: PasswordChange): Promise<LoginResult>;
}

export const AuthApi = Symbol('AuthApi');
