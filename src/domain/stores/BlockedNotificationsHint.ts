import { action, makeObservable, observable } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';
import type { StatePersistence } from '../ports/StatePersistence';

/** The slice of `cockpit.state` this store owns: `{ toldUsers: [userId, …] }`. */
export const NOTIFICATIONS_SLICE = 'notifications';

/** How many users of one browser are remembered; beyond, the one told longest ago would be told again. */
export const REMEMBERED_USERS = 50;

/**
 * The hint that this browser blocks the console's notifications, said once per user and browser:
 * the ids of the users told are kept in the `notifications` slice of `cockpit.state`, so neither a
 * reload nor the next sign-in of the same operator says it again, while another operator signing in
 * at the same browser is told once too. From then on the settings page shows the state. A session
 * whose user is not known (not read back) is told once per page.
 */
export class BlockedNotificationsHint implements Disposable {
  toldUsers: string[] = [];

  /** Set once the slice is first read (on the first `tell`); `persisted` when that is done. */
  private reading: Promise<void> | null = null;
  private persisted: Disposable | null = null;
  private disposed = false;
  private toldUnknownUser = false;

  constructor(
    private readonly session: SessionStore,
    private readonly notifier: Notifier,
    private readonly persistence: StatePersistence,
  ) {
    makeObservable<BlockedNotificationsHint, 'remember' | 'sanitize'>(this, {
      toldUsers: observable,
      remember: action,
      sanitize: action,
    });
  }

  /** Tells the signed-in operator that notifications are blocked, unless this browser told them before. */
  async tell(): Promise<void> {
    const userId = this.session.user?.id ?? null;
    await this.readBack();
    if (userId === null ? this.toldUnknownUser : this.toldUsers.includes(userId)) {
      return;
    }
    this.notifier.show({ title: 'push.deniedTitle', message: 'push.denied', intent: 'warning' });
    if (userId === null) {
      this.toldUnknownUser = true;
    } else {
      this.remember(userId);
    }
  }

  /** Stops writing the slice. */
  dispose(): void {
    this.disposed = true;
    this.persisted?.dispose();
    this.persisted = null;
  }

  /** The slice as stored now: read once when first needed, then again each time (another tab may have told). */
  private async readBack(): Promise<void> {
    if (this.reading) {
      await this.reading;
      await this.persistence.reread(this);
    } else {
      this.reading = this.persistence.persist(this, NOTIFICATIONS_SLICE, ['toldUsers']).then((persisted) => {
        if (this.disposed) {
          persisted.dispose();
        } else {
          this.persisted = persisted;
        }
      });
      await this.reading;
    }
    this.sanitize();
  }

  private remember(userId: string): void {
    this.toldUsers = [...this.toldUsers, userId].slice(-REMEMBERED_USERS);
  }

  /** Whatever came back from storage: only the strings of a list count. */
  private sanitize(): void {
    const stored: unknown = this.toldUsers;
    const clean = Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string').slice(-REMEMBERED_USERS) : [];
    // Written back only when something had to go: an unchanged slice is not written again.
    if (!Array.isArray(stored) || clean.length !== stored.length) {
      this.toldUsers = clean;
    }
  }
}
