import type { OrderPushSenderOptions } from './OrderPushSender';
import type { PushEndpointOptions } from './PushEndpointPolicy';
import type { PushTransport } from './PushTransport';
import type { VapidKeys } from './vapidKeys';

/** Web push of an app: its VAPID identity, how messages leave and where to, and the sender's limits. */
export interface PushOptions extends OrderPushSenderOptions {
  /** Default: a fresh key pair (subscriptions made with it are void after a restart). */
  vapid?: VapidKeys;
  /** Default: the `web-push` package over HTTPS, signed with `vapid`. */
  transport?: PushTransport;
  /**
   * Where endpoints may point: push service host suffixes (default: the browsers' push services),
   * exact `allowedHosts` for a test's own push service, the resolver.
   */
  endpoints?: PushEndpointOptions;
}
