/**
 * Web push for new orders (spec): subscribes the browser when a session starts and unsubscribes it
 * when the session ends. Implemented in the installable-console work.
 */
export interface PushService {
  subscribe(): Promise<void>;
  unsubscribe(): Promise<void>;
}

export const PushService = Symbol('PushService');
