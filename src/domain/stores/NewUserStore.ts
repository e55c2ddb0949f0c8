import { action, computed, makeObservable, observable, observableStruct, runInAction } from 'mobx';
import type { Language } from '../../../shared/Language';
import type { Role } from '../../../shared/Role';
import { isEmailAddress, isUserName } from '../../../shared/userAccountRules';
import { formFailure } from '../model/formFailure';
import type { UsersApi } from '../ports/UsersApi';
import type { UsersStore } from './UsersStore';

export interface NewUserDraft {
  name: string;
  email: string;
  role: Role;
  language: Language;
}

export type NewUserField = keyof NewUserDraft;

const FIELDS: readonly string[] = ['name', 'email', 'role', 'language'];

/** What is wrong with a field as typed, by the rules the backend applies (shared/userAccountRules.ts). */
export type NewUserProblem = 'nameRequired' | 'nameTooLong' | 'emailInvalid';

/**
 * The dialog in which an admin adds a user: name, e-mail, role and language, checked as typed by
 * the rules the backend applies (a field's problem shows once it has been left or a save tried); the
 * backend's refusals (an address in use) stand at their fields. Saved, the user joins the list and
 * their one-time password is handed over (`UsersStore.handedOut`).
 */
export class NewUserStore {
  draft: NewUserDraft;
  saving = false;
  /** Fields whose problem is shown: after leaving them or trying to save. */
  revealed: Partial<Record<NewUserField, true>> = {};
  /** The backend's messages (422), by field. */
  fieldErrors: Partial<Record<NewUserField, string>> = {};
  /** Translation key of a failure about no field, or null. */
  errorKey: string | null = null;

  constructor(
    private readonly api: UsersApi,
    private readonly users: UsersStore,
    private readonly defaultLanguage: () => Language,
  ) {
    this.draft = this.empty();
    makeObservable(this, {
      draft: observableStruct,
      saving: observable,
      revealed: observableStruct,
      fieldErrors: observableStruct,
      errorKey: observable,
      problems: computed,
      canSave: computed,
      edit: action,
      reveal: action,
      reset: action,
    });
  }

  /** The problems of the draft by the shared rules, by field. */
  get problems(): Partial<Record<NewUserField, NewUserProblem>> {
    const problems: Partial<Record<NewUserField, NewUserProblem>> = {};
    const name = this.draft.name.trim();
    if (!isUserName(name)) problems.name = name === '' ? 'nameRequired' : 'nameTooLong';
    if (!isEmailAddress(this.draft.email.trim())) problems.email = 'emailInvalid';
    return problems;
  }

  get canSave(): boolean {
    return !this.saving && Object.keys(this.problems).length === 0;
  }

  edit<F extends NewUserField>(field: F, value: NewUserDraft[F]): void {
    this.draft = { ...this.draft, [field]: value };
    const { [field]: _answered, ...others } = this.fieldErrors;
    this.fieldErrors = others;
    this.errorKey = null;
  }

  reveal(field: NewUserField): void {
    this.revealed = { ...this.revealed, [field]: true };
  }

  /** An empty form (the dialog opens). */
  reset(): void {
    this.draft = this.empty();
    this.revealed = {};
    this.fieldErrors = {};
    this.errorKey = null;
  }

  /** Sends the new user; resolves true when they were made (the dialog may close). */
  async save(): Promise<boolean> {
    if (!this.canSave) {
      runInAction(() => (this.revealed = { name: true, email: true }));
      return false;
    }
    const { name, email, role, language } = this.draft;
    runInAction(() => {
      this.saving = true;
      this.fieldErrors = {};
      this.errorKey = null;
    });
    try {
      const created = await this.api.create({ name: name.trim(), email: email.trim(), role, language });
      runInAction(() => {
        this.users.added(created);
        this.reset();
      });
      return true;
    } catch (error) {
      runInAction(() => {
        const failure = formFailure<NewUserField>(error, (field) => (FIELDS.includes(field) ? (field as NewUserField) : undefined));
        this.fieldErrors = failure.fieldErrors;
        this.errorKey = failure.errorKey;
      });
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private empty(): NewUserDraft {
    return { name: '', email: '', role: 'operator', language: this.defaultLanguage() };
  }
}
