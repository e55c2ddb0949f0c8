import type { Language } from './Language';
import type { ThemeColors } from './ThemeColors';

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

/** What `PATCH /api/me` accepts. */
export interface UserUpdate {
  language?: Language;
  theme?: ThemeColors;
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
