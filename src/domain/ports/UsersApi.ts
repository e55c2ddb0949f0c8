import type { NewUserAccount, UserAccount, UserAccountChange, UserAccountWithPassword } from '../../../shared/UserAccount';

/** The tenant's users, for its admins (`/api/users`). */
export interface UsersApi {
  list(): Promise<UserAccount[]>;
  /** A new user with a one-time password, which the answer carries this once. */
  create(account: NewUserAccount): Promise<UserAccountWithPassword>;
  change(id: string, change: UserAccountChange): Promise<UserAccount>;
  /** A new one-time password for the user; their sessions end. */
  resetPassword(id: string): Promise<UserAccountWithPassword>;
}

export const UsersApi = Symbol('UsersApi');
