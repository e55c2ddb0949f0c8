import { runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import type { ColorScheme } from '../../../shared/ColorScheme';
import type { Language } from '../../../shared/Language';
import type { UserUpdate } from '../../../shared/User';
import type { AuthApi } from '../ports/AuthApi';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';

/** The operator's preferences (language, theme): applied at once, saved to the backend when signed in. */
export class PreferencesStore {
  constructor(
    private readonly session: SessionStore,
    private readonly api: AuthApi,
    private readonly notifier: Notifier,
  ) {}

  /** Switches the language now and saves it with `PATCH /api/me`. */
  async changeLanguage(language: Language): Promise<void> {
    if (language === this.session.language) {
      return;
    }
    runInAction(() => this.session.setLanguage(language));
    await this.save({ language });
  }

  /** Switches the theme now and saves it with `PATCH /api/me`: it follows the user to other browsers. */
  async changeColorScheme(colorScheme: ColorScheme): Promise<void> {
    if (colorScheme === this.session.colorScheme) {
      return;
    }
    runInAction(() => this.session.setColorScheme(colorScheme));
    await this.save({ colorScheme });
  }

  private async save(update: UserUpdate): Promise<void> {
    if (!this.session.isSignedIn) {
      return;
    }
    try {
      const user = await this.api.updateMe(update);
      runInAction(() => {
        if (this.session.isSignedIn) {
          this.session.setUser(user);
        }
      });
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'unauthorized')) {
        this.notifier.show({
          title: 'preferences.saveFailedTitle',
          message: isApiError(error) ? error.messageKey : 'errors.unexpected',
          intent: 'danger',
        });
      }
    }
  }
}
