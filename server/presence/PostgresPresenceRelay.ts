import type { Disposable } from '../../shared/Disposable';
import type { PostgresNotifications } from '../events/PostgresNotifications';
import { PRESENCE_CHANNEL, type PresenceMessage, presenceMessageText, readPresenceMessage } from './presenceMessages';

/**
 * Presence between the backend processes on one PostgreSQL: each announcement of this process goes
 * out with `pg_notify('order_presence', …)` on its listening connection (no table), and the others'
 * reach `received`. Nothing is caught up after a reconnect: the next renewals (every few seconds)
 * tell again who is where, and what was not renewed expires.
 */
export class PostgresPresenceRelay {
  constructor(
    private readonly notifications: PostgresNotifications,
    private readonly process: string,
    private readonly onError: (error: unknown, message: string) => void,
  ) {}

  /** Hears the other processes' messages (its own come back too, and are skipped). */
  listen(received: (message: PresenceMessage) => void): Disposable {
    return this.notifications.subscribe(PRESENCE_CHANNEL, {
      notified: (payload) => {
        const message = readPresenceMessage(payload);
        if (!message) {
          this.onError(new Error(`unreadable notification ${JSON.stringify(payload.slice(0, 100))}`), `${PRESENCE_CHANNEL}: ignored`);
          return;
        }
        if (message.process !== this.process) received(message);
      },
      listening: () => undefined,
    });
  }

  /** Tells the other processes; a failure is reported (they learn it from the next renewal, or by expiry). */
  send(messages: readonly PresenceMessage[]): Promise<void> {
    if (messages.length === 0) return Promise.resolve();
    return this.notifications.notify(PRESENCE_CHANNEL, messages.map(presenceMessageText)).catch((error: unknown) => this.onError(error, 'telling the other processes of presence failed'));
  }
}
