import { action, computed, makeObservable, observable, observableStruct, runInAction } from 'mobx';
import { formFailure } from '../model/formFailure';
import { newPasswordCheck, type NewPasswordCheck } from '../model/newPasswordCheck';
import type { AuthApi } from '../ports/AuthApi';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';

/** The fields of the form; the backend names the first two in its field errors. */
export type PasswordField = 'currentPassword' | 'newPassword' | 'repeatPassword';

const BACKEND_FIELDS: readonly string[] = ['currentPassword', 'newPassword'];

/**
 * Changing one's own password under Settings: the current one, the new one twice, the rule
 * (shared/passwordRule.ts) told as the new one is typed, the backend's refusals at their fields.
 * A successful change ends every other session of the user (the backend does that); this one goes on
 * with the token the answer carries, and the form is emptied. Nothing typed is kept anywhere else.
 */
export class PasswordChangeStore {
  values: Record<PasswordField, string> = { currentPassword: '', newPassword: '', repeatPassword: '' };
  saving = false;
  /** The backend's messages, by field (422). */
  fieldErrors: Partial<Record<PasswordField, string>> = {};
  /** Translation key of a failure that is about no field, or null. */
  errorKey: string | null = null;

  constructor(
    private readonly session: SessionStore,
    private readonly api: AuthApi,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, {
      values: observableStruct,
      saving: observable,
      fieldErrors: observableStruct,
      errorKey: observable,
      check: computed,
      canSave: computed,
      edit: action,
      reset: action,
    });
  }

  /** The new password against the rule, and its repetition. */
  get check(): NewPasswordCheck {
    return newPasswordCheck(this.values.newPassword, this.values.repeatPassword);
  }

  get canSave(): boolean {
    return !this.saving && this.values.currentPassword !== '' && this.check.complete;
  }

  edit(field: PasswordField, value: string): void {
    this.values = { ...this.values, [field]: value };
    const { [field]: _answered, ...others } = this.fieldErrors;
    this.fieldErrors = others;
    this.errorKey = null;
  }

  /** Empties the form (opening the page, after a change). */
  reset(): void {
    this.values = { currentPassword: '', newPassword: '', repeatPassword: '' };
    this.fieldErrors = {};
    this.errorKey = null;
  }

  /** Sends the change; resolves true when the password was changed. */
  async save(): Promise<boolean> {
    if (!this.canSave || !this.session.isSignedIn) {
      return false;
    }
    const { currentPassword, newPassword } = this.values;
    runInAction(() => {
      this.saving = true;
      this.fieldErrors = {};
      this.errorKey = null;
    });
    try {
      const result = await this.api.changePassword({ currentPassword, newPassword });
      runInAction(() => {
        if (this.session.isSignedIn) {
          this.session.signIn(result);
        }
        this.reset();
      });
      this.notifier.show({ message: 'settings.passwordChanged', intent: 'success' });
      return true;
    } catch (error) {
      runInAction(() => this.handleFailure(error));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private handleFailure(error: unknown): void {
    const failure = formFailure<PasswordField>(error, (field) => (BACKEND_FIELDS.includes(field) ? (field as PasswordField) : undefined));
    this.fieldErrors = failure.fieldErrors;
    this.errorKey = failure.errorKey;
  }
}
