/**
 * Web push for new orders (spec): subscribes the browser when a session starts and unsubscribes it
 * when the session ends. The calls never reject: the service reports its own failures (a hint to
 * the operator, a console message), since nobody could act on them where the session changes.
 */
export interface PushService {
  subscribe(): Promise<void>;
  unsubscribe(): Promise<void>;
}

export const PushService = Symbol('PushService');
