import { action, computed, makeObservable, observable, observableRef, observableStruct } from 'mobx';
import { DEFAULT_COLOR_SCHEME, isColorScheme, type ColorScheme } from '../../../shared/ColorScheme';
import type { Disposable } from '../../../shared/Disposable';
import { isUnexpiredJwt } from '../model/jwtExpiry';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/Language';
import { isRole, roleAllows, type Role } from '../../../shared/Role';
import { validThemeColors, type ThemeColors } from '../../../shared/ThemeColors';
import type { LoginResult, User } from '../../../shared/User';
import type { Clock } from '../ports/Clock';
import type { SessionStore } from '../ports/SessionStore';
import type { StatePersistence } from '../ports/StatePersistence';

/** The slice of `cockpit.state` this store owns. */
export const AUTH_SLICE = 'auth';

function isUser(value: unknown): value is User {
  const user = value as User | null;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.name === 'string' &&
    typeof user.tenant === 'object' &&
    user.tenant !== null &&
    typeof user.tenant.name === 'string'
  );
}

/** The session as MobX state, persisted as the `auth` slice (the language and the theme stay when the session ends). */
export class ObservableSessionStore implements SessionStore {
  token: string | null = null;
  language: Language = DEFAULT_LANGUAGE;
  colorScheme: ColorScheme = DEFAULT_COLOR_SCHEME;
  colors: ThemeColors = {};
  user: User | null = null;

  private persisted: Disposable | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly persistence: StatePersistence,
  ) {
    makeObservable<ObservableSessionStore, 'sanitize'>(this, {
      token: observable,
      language: observable,
      colorScheme: observable,
      colors: observableStruct,
      user: observableRef,
      isSignedIn: computed,
      role: computed,
      signIn: action,
      signOut: action,
      setLanguage: action,
      setColorScheme: action,
      setUser: action,
      sanitize: action,
    });
  }

  get isSignedIn(): boolean {
    return this.token !== null;
  }

  /** A user kept from before roles has none until the start's `GET /api/me` brings it: the least role meanwhile. */
  get role(): Role {
    const role = this.user?.role;
    return isRole(role) ? role : 'viewer';
  }

  allows(needed: Role): boolean {
    return roleAllows(this.role, needed);
  }

  async restore(): Promise<void> {
    this.dispose();
    this.persisted = await this.persistence.persist(this, AUTH_SLICE, ['token', 'language', 'colorScheme', 'colors', 'user']);
    this.sanitize();
  }

  /** Stops writing the slice (the state stays as it is). */
  dispose(): void {
    this.persisted?.dispose();
    this.persisted = null;
  }

  async reread(): Promise<void> {
    await this.persistence.reread(this);
    this.sanitize();
  }

  signIn(result: LoginResult): void {
    this.token = result.token;
    this.setUser(result.user);
  }

  signOut(): void {
    this.token = null;
    this.user = null;
    this.colors = {};
  }

  setLanguage(language: Language): void {
    this.language = language;
  }

  setColorScheme(colorScheme: ColorScheme): void {
    this.colorScheme = colorScheme;
  }

  /** Takes the user as the backend knows it: its language, theme and colours apply. */
  setUser(user: User): void {
    this.user = user;
    this.colors = validThemeColors(user.theme);
    if (isLanguage(user.language)) {
      this.language = user.language;
    }
    if (isColorScheme(user.colorScheme)) {
      this.colorScheme = user.colorScheme;
    }
  }

  /** Whatever came back from storage is checked: anything unusable yields a clean signed-out state. */
  private sanitize(): void {
    const raw = this as { token: unknown; language: unknown; colorScheme: unknown; colors: unknown; user: unknown };
    if (!isLanguage(raw.language)) {
      this.language = DEFAULT_LANGUAGE;
    }
    if (!isColorScheme(raw.colorScheme)) {
      this.colorScheme = DEFAULT_COLOR_SCHEME;
    }
    const token = raw.token;
    if (typeof token !== 'string' || !isUnexpiredJwt(token, this.clock.now())) {
      this.signOut();
      return;
    }
    this.colors = validThemeColors(typeof raw.colors === 'object' ? (raw.colors as ThemeColors) : {});
    if (!isUser(raw.user)) {
      this.user = null;
    }
  }
}
