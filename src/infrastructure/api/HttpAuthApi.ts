import type { Credentials, LoginResult, PasswordChange, User, UserUpdate } from '../../../shared/User';
import type { AuthApi } from '../../domain/ports/AuthApi';
import type { HttpClient } from '../../domain/ports/HttpClient';

/** AuthApi over the HttpClient: `/auth/login`, `/auth/logout`, `/auth/renew`, `/me`, `/me/password`. */
export class HttpAuthApi implements AuthApi {
  constructor(private readonly http: HttpClient) {}

  login(credentials: Credentials): Promise<LoginResult> {
    return this.http.post<LoginResult>('/auth/login', credentials);
  }

  async logout(): Promise<void> {
    await this.http.post<void>('/auth/logout');
  }

  me(): Promise<User> {
    return this.http.get<User>('/me');
  }

  updateMe(update: UserUpdate): Promise<User> {
    // `put` goes out as PATCH (HttpClient).
    return this.http.put<User>('/me', update);
  }

  renew(): Promise<LoginResult> {
    return this.http.post<LoginResult>('/auth/renew');
  }

  changePassword(change: PasswordChange): Promise<LoginResult> {
    return this.http.post<LoginResult>('/me/password', change);
  }
}
