import { action, computed, makeObservable, observable, observableStruct, runInAction } from 'mobx';
import type { Appearance } from '../../../shared/ColorScheme';
import { formFailure } from '../model/formFailure';
import { contrastFault, readableForeground, type ContrastFault } from '../../../shared/colorContrast';
import { isValidThemeColor, THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors } from '../../../shared/ThemeColors';
import type { ThemeUpdate } from '../../../shared/User';
import type { AuthApi } from '../ports/AuthApi';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';

/** The colours as typed: an empty text means "not set" (the console's own colour). */
export type ThemeDraft = Record<ThemeColorKey, string>;

/** A colour as the preview paints it. */
export interface PaintedColor {
  background: string;
  foreground: string;
}

const FIELD_PREFIX = 'theme.';

function draftOf(colors: ThemeColors): ThemeDraft {
  return { color1: colors.color1 ?? '', color2: colors.color2 ?? '', color3: colors.color3 ?? '' };
}

function isThemeColorKey(value: string): value is ThemeColorKey {
  return (THEME_COLOR_KEYS as readonly string[]).includes(value);
}

/**
 * Editing the theme colours on the settings page: the texts as typed, which of them are invalid,
 * the colours the preview paints, and the save with `PATCH /api/me`. The console itself repaints
 * only after a successful save, when the session takes the user the backend answered.
 * A save cannot be sent twice while it runs; a failed one keeps what the operator typed.
 */
export class ThemeSettingsStore {
  draft: ThemeDraft = draftOf({});
  saving = false;
  /** Fields whose invalid text is shown: after leaving the field or trying to save. */
  revealed: Partial<Record<ThemeColorKey, true>> = {};
  /** The backend's messages for refused colours (422), by colour. */
  fieldErrors: Partial<Record<ThemeColorKey, string>> = {};
  /** Translation key of the last failed save that is not about one colour, or null. */
  errorKey: string | null = null;

  constructor(
    private readonly session: SessionStore,
    private readonly api: AuthApi,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, {
      draft: observableStruct,
      saving: observable,
      revealed: observableStruct,
      fieldErrors: observableStruct,
      errorKey: observable,
      invalidKeys: computed,
      contrastFaults: computed,
      changes: computed,
      dirty: computed,
      preview: computed,
      reset: action,
      edit: action,
      clear: action,
      reveal: action,
    });
  }

  /** Colours whose text is neither empty nor of the allowlist. */
  get invalidKeys(): readonly ThemeColorKey[] {
    return THEME_COLOR_KEYS.filter((key) => {
      const value = this.draft[key].trim();
      return value !== '' && !isValidThemeColor(value);
    });
  }

  /**
   * Colours whose text would not read in the light or the dark theme (below 4.5:1, the rule the
   * backend applies), by colour, with where and how far; told at the field as soon as the colour is one.
   */
  get contrastFaults(): Partial<Record<ThemeColorKey, ContrastFault>> {
    const faults: Partial<Record<ThemeColorKey, ContrastFault>> = {};
    for (const key of THEME_COLOR_KEYS) {
      const value = this.draft[key].trim();
      const fault = isValidThemeColor(value) ? contrastFault(value) : null;
      if (fault) {
        faults[key] = fault;
      }
    }
    return faults;
  }

  /** What differs from the session's colours, as `PATCH /api/me` takes it: null clears a colour. */
  get changes(): ThemeUpdate {
    const changes: ThemeUpdate = {};
    for (const key of THEME_COLOR_KEYS) {
      const value = this.draft[key].trim();
      if (value !== (this.session.colors[key] ?? '')) {
        changes[key] = value === '' ? null : value;
      }
    }
    return changes;
  }

  get dirty(): boolean {
    return Object.keys(this.changes).length > 0;
  }

  /** The colours being edited as the preview paints them in the light theme; null where the console's own colour shows. */
  get preview(): Record<ThemeColorKey, PaintedColor | null> {
    return this.previewIn('light');
  }

  /** The colours being edited as the preview paints them in `appearance` (the text colour that reads over its page). */
  previewIn(appearance: Appearance): Record<ThemeColorKey, PaintedColor | null> {
    const painted = (key: ThemeColorKey): PaintedColor | null => {
      const value = this.draft[key].trim();
      return isValidThemeColor(value) ? { background: value, foreground: readableForeground(value, appearance) } : null;
    };
    return { color1: painted('color1'), color2: painted('color2'), color3: painted('color3') };
  }

  /** Whether the field shows that its text is not a colour. */
  showsInvalid(key: ThemeColorKey): boolean {
    return this.revealed[key] === true && this.invalidKeys.includes(key);
  }

  /** Starts over from the session's colours (opening the page, discarding the edits). */
  reset(): void {
    this.draft = draftOf(this.session.colors);
    this.revealed = {};
    this.fieldErrors = {};
    this.errorKey = null;
  }

  edit(key: ThemeColorKey, value: string): void {
    this.draft = { ...this.draft, [key]: value };
    const { [key]: _answered, ...others } = this.fieldErrors;
    this.fieldErrors = others;
    this.errorKey = null;
  }

  clear(key: ThemeColorKey): void {
    this.edit(key, '');
  }

  /** The operator left the field: from now on its text is checked as it is typed. */
  reveal(key: ThemeColorKey): void {
    this.revealed = { ...this.revealed, [key]: true };
  }

  /**
   * Saves the changed colours. Invalid texts are shown in place and nothing is sent, nor is a changed
   * colour whose text would not read (its reason is at its field). Resolves true on success.
   */
  async save(): Promise<boolean> {
    if (this.saving) {
      return false;
    }
    const invalid = this.invalidKeys;
    if (invalid.length > 0) {
      runInAction(() => invalid.forEach((key) => this.reveal(key)));
      return false;
    }
    const theme = this.changes;
    if (THEME_COLOR_KEYS.some((key) => typeof theme[key] === 'string' && this.contrastFaults[key] !== undefined)) {
      return false;
    }
    if (Object.keys(theme).length === 0 || !this.session.isSignedIn || !this.session.allows('admin')) {
      return false;
    }
    runInAction(() => {
      this.saving = true;
      this.fieldErrors = {};
      this.errorKey = null;
    });
    try {
      const user = await this.api.updateMe({ theme });
      runInAction(() => {
        if (this.session.isSignedIn) {
          this.session.setUser(user);
          this.reset();
        }
      });
      this.notifier.show({ message: 'settings.colorsSaved', intent: 'success' });
      return true;
    } catch (error) {
      runInAction(() => this.handleFailure(error));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private handleFailure(error: unknown): void {
    const failure = formFailure<ThemeColorKey>(error, (field) => {
      const key = field.startsWith(FIELD_PREFIX) ? field.slice(FIELD_PREFIX.length) : field;
      return isThemeColorKey(key) ? key : undefined;
    });
    this.fieldErrors = failure.fieldErrors;
    this.errorKey = failure.errorKey;
  }
}
