import type { ColorScheme } from './ColorScheme';
import type { Language } from './Language';
import type { Role } from './Role';
import type { ThemeColorKey, ThemeColors } from './ThemeColors';

export interface Tenant {
  id: string;
  name: string;
}

/** The signed-in user as `GET /api/me` returns it. */
export interface User {
  id: string;
  email: string;
  name: string;
  language: Language;
  /** The theme the user chose (shared/ColorScheme.ts), kept per user as the language is. */
  colorScheme: ColorScheme;
  /** What the user may do (shared/Role.ts). */
  role: Role;
  tenant: Tenant;
  /** The tenant's colours. */
  theme: ThemeColors;
}

/** A change of theme colours: a colour left out stays, a colour set to null is cleared. */
export type ThemeUpdate = Partial<Record<ThemeColorKey, string | null>>;

/** What `PATCH /api/me` accepts. */
export interface UserUpdate {
  language?: Language;
  colorScheme?: ColorScheme;
  theme?: ThemeUpdate;
}

/** The answer of `POST /api/auth/login`. */
export interface LoginResult {
  token: string;
  expiresAt: string;
  user: User;
}

/** What `POST /api/me/password` takes; it answers as the sign-in does, with the session's new token. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface Credentials {
  email: string;
  password: string;
  /** The user's own password in place of a one-time password an admin handed out (`password-change-required`). */
  newPassword?: string;
}
