import type { Language } from './Language';
import type { ThemeColorKey, ThemeColors } from './ThemeColors';

export interface Tenant {
  id: string;
  name: string;
}

/** The signed-in operator as `GET /api/me` returns it. */
export interface User {
  id: string;
  email: string;
  name: string;
  language: Language;
  tenant: Tenant;
  theme: ThemeColors;
}

/** A change of theme colours: a colour left out stays, a colour set to null is cleared. */
export type ThemeUpdate = Partial<Record<ThemeColorKey, string | null>>;

/** What `PATCH /api/me` accepts. */
export interface UserUpdate {
  language?: Language;
  theme?: ThemeUpdate;
}

/** The answer of `POST /api/auth/login`. */
export interface LoginResult {
  token: string;
  expiresAt: string;
  user: User;
}

export interface Credentials {
  email: string;
  password: string;
}
