import type { ColorScheme } from '../../../shared/ColorScheme';
import type { Disposable } from '../../../shared/Disposable';
import type { Language } from '../../../shared/Language';
import type { Role } from '../../../shared/Role';
import type { ThemeColors } from '../../../shared/ThemeColors';
import type { LoginResult, User } from '../../../shared/User';

/**
 * The signed-in session: the persisted auth slice `{ token, language, colorScheme, colors }` plus the user.
 * Observable; the views and the session lifecycle react to it.
 */
export interface SessionStore extends Disposable {
  readonly token: string | null;
  readonly language: Language;
  /** The theme chosen in this browser or, once signed in, the user's (kept as the language is). */
  readonly colorScheme: ColorScheme;
  readonly colors: ThemeColors;
  readonly user: User | null;
  readonly isSignedIn: boolean;
  /** The user's role (shared/Role.ts); `viewer` while the user is not known. The backend decides; the views show what it allows. */
  readonly role: Role;
  /** Whether the user's role allows what `needed` allows. */
  allows(needed: Role): boolean;
  /** Resolves once the persisted state has been read back (or found unusable). */
  restore(): Promise<void>;
  /** Reads the stored state again (another tab of this browser wrote it), checked as at `restore`. */
  reread(): Promise<void>;
  signIn(result: LoginResult): void;
  signOut(): void;
  setLanguage(language: Language): void;
  setColorScheme(colorScheme: ColorScheme): void;
  setUser(user: User): void;
}

export const SessionStore = Symbol('SessionStore');
