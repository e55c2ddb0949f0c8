import type { Language } from './Language';
import type { Role } from './Role';

/** A user of the tenant as its admins see them (`GET /api/users`). */
export interface UserAccount {
  id: string;
  name: string;
  email: string;
  role: Role;
  language: Language;
  /** A deactivated user cannot sign in; their sessions ended when they were deactivated. */
  active: boolean;
  /** The user still has the one-time password an admin handed out. */
  mustChangePassword: boolean;
  /** The last successful sign-in (RFC 3339), null before the first. */
  lastLoginAt: string | null;
}

/** What `POST /api/users` takes. */
export interface NewUserAccount {
  name: string;
  email: string;
  role: Role;
  language: Language;
}

/**
 * What `POST /api/users` and `POST /api/users/{id}/password-reset` answer: the user, and the one-time
 * password to hand over, shown this once (the backend keeps only its hash).
 */
export interface UserAccountWithPassword {
  user: UserAccount;
  oneTimePassword: string;
}

/** What `PATCH /api/users/{id}` takes: a field left out stays. */
export interface UserAccountChange {
  role?: Role;
  active?: boolean;
}
