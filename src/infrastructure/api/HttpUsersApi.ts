import type { NewUserAccount, UserAccount, UserAccountChange, UserAccountWithPassword } from '../../../shared/UserAccount';
import type { HttpClient } from '../../domain/ports/HttpClient';
import type { UsersApi } from '../../domain/ports/UsersApi';

/** UsersApi over the HttpClient: `/users`, `/users/{id}`, `/users/{id}/password-reset`. */
export class HttpUsersApi implements UsersApi {
  constructor(private readonly http: HttpClient) {}

  async list(): Promise<UserAccount[]> {
    return (await this.http.get<{ items: UserAccount[] }>('/users')).items;
  }

  create(account: NewUserAccount): Promise<UserAccountWithPassword> {
    return this.http.post<UserAccountWithPassword>('/users', account);
  }

  change(id: string, change: UserAccountChange): Promise<UserAccount> {
    // `put` goes out as PATCH (HttpClient).
    return this.http.put<UserAccount>(`/users/${encodeURIComponent(id)}`, change);
  }

  resetPassword(id: string): Promise<UserAccountWithPassword> {
    return this.http.post<UserAccountWithPassword>(`/users/${encodeURIComponent(id)}/password-reset`);
  }
}
