import type { NotificationState } from '../model/NotificationState';

/**
 * Web push for new orders: subscribes the browser when a session starts and unsubscribes it
 * when the session ends. The calls never reject: the service reports its own failures (a hint to
 * the operator, a console message), since nobody could act on them where the session changes.
 */
export interface PushService {
  /**
   * Whether this browser shows the console's notifications. Observable: it follows the browser's
   * permission as the service asks for it, and when the browser tells of a change made elsewhere
   * (its site settings), where it does.
   */
  readonly notifications: NotificationState;
  subscribe(): Promise<void>;
  unsubscribe(): Promise<void>;
  /**
   * The console started without a session (nobody signed in, or the stored token expired while it
   * was closed): a subscription an earlier session left in this browser goes as at a sign-out, so
   * that the browser shows nothing more meant for the last user. Nothing left is no failure.
   */
  unsubscribeLeftover(): Promise<void>;
}

export const PushService = Symbol('PushService');
