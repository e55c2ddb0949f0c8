import { runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import type { Language } from '../../../shared/Language';
import type { AuthApi } from '../ports/AuthApi';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';

/** The operator's preferences: applied at once, saved to the backend when signed in. */
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
    if (!this.session.isSignedIn) {
      return;
    }
    try {
      const user = await this.api.updateMe({ language });
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
