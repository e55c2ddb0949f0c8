import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Role } from '../../../shared/Role';
import type { UserAccount, UserAccountChange, UserAccountWithPassword } from '../../../shared/UserAccount';
import { isApiError } from '../model/ApiError';
import type { Notifier } from '../ports/Notifier';
import type { UsersApi } from '../ports/UsersApi';

export type UsersState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The Users page of an admin: the tenant's users, a role changed, a user deactivated or reactivated,
 * a new one-time password. A change the backend refuses (the last admin, one's own role) is told
 * with its reason and the row stays as it was; a user is changed by one request at a time. The
 * one-time password of a user just made or reset is held until the admin has taken it (`handedOut`),
 * and nowhere else.
 */
export class UsersStore {
  users: readonly UserAccount[] = [];
  state: UsersState = 'idle';
  /** Translation key of a failed load, or null. */
  loadErrorKey: string | null = null;
  /** Ids of the users with a change under way. */
  busy: ReadonlySet<string> = new Set();
  /** The user and their one-time password to hand over, until the admin closes it. */
  handedOut: UserAccountWithPassword | null = null;

  constructor(
    private readonly api: UsersApi,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, {
      users: observableRef,
      state: observable,
      loadErrorKey: observable,
      busy: observableRef,
      handedOut: observableRef,
      added: action,
      closeHandedOut: action,
    });
  }

  async load(): Promise<void> {
    runInAction(() => {
      this.state = 'loading';
      this.loadErrorKey = null;
    });
    try {
      const users = await this.api.list();
      runInAction(() => {
        this.users = users;
        this.state = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.state = 'error';
        this.loadErrorKey = isApiError(error) ? error.messageKey : 'errors.unexpected';
      });
    }
  }

  /** A user the admin just made: in the list, and their one-time password to hand over. */
  added(created: UserAccountWithPassword): void {
    this.users = [...this.users.filter((user) => user.id !== created.user.id), created.user].sort(byName);
    this.handedOut = created;
  }

  closeHandedOut(): void {
    this.handedOut = null;
  }

  changeRole(id: string, role: Role): Promise<boolean> {
    return this.change(id, { role }, 'users.roleChanged');
  }

  setActive(id: string, active: boolean): Promise<boolean> {
    return this.change(id, { active }, active ? 'users.reactivated' : 'users.deactivated');
  }

  /** A new one-time password for the user (their sessions end); shown like a new user's. */
  async resetPassword(id: string): Promise<boolean> {
    const result = await this.run(id, () => this.api.resetPassword(id));
    if (!result) return false;
    runInAction(() => {
      this.replace(result.user);
      this.handedOut = result;
    });
    return true;
  }

  private async change(id: string, change: UserAccountChange, doneKey: string): Promise<boolean> {
    const user = await this.run(id, () => this.api.change(id, change));
    if (!user) return false;
    runInAction(() => this.replace(user));
    this.notifier.show({ message: doneKey, values: { name: user.name }, intent: 'success' });
    return true;
  }

  /** Runs one change of a user, unless one runs already; a refusal is told with the backend's reason. */
  private async run<T>(id: string, request: () => Promise<T>): Promise<T | undefined> {
    if (this.busy.has(id)) return undefined;
    runInAction(() => (this.busy = new Set([...this.busy, id])));
    try {
      return await request();
    } catch (error) {
      this.refused(error);
      return undefined;
    } finally {
      runInAction(() => (this.busy = new Set([...this.busy].filter((busyId) => busyId !== id))));
    }
  }

  private refused(error: unknown): void {
    if (isApiError(error) && error.kind === 'unauthorized') return;
    const reason = isApiError(error) ? error.fieldErrors[0]?.message : undefined;
    if (reason !== undefined) {
      this.notifier.show({ title: 'users.changeRefused', message: 'users.reason', values: { reason }, intent: 'danger' });
    } else {
      this.notifier.show({ title: 'users.changeRefused', message: isApiError(error) ? error.messageKey : 'errors.unexpected', intent: 'danger' });
    }
    if (isApiError(error) && error.kind === 'not-found') void this.load();
  }

  private replace(user: UserAccount): void {
    this.users = this.users.map((listed) => (listed.id === user.id ? user : listed));
  }
}

function byName(a: UserAccount, b: UserAccount): number {
  return a.name.localeCompare(b.name) || a.email.localeCompare(b.email);
}
