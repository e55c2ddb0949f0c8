import type { Credentials, LoginResult, User, UserUpdate } from '../../../shared/User';

/** The backend's authentication and account resource (`/api/auth/*`, `/api/me`). */
export interface AuthApi {
  login(credentials: Credentials): Promise<LoginResult>;
  logout(): Promise<void>;
  me(): Promise<User>;
  updateMe(update: UserUpdate): Promise<User>;
}

export const AuthApi = Symbol('AuthApi');
