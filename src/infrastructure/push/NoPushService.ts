import type { PushService } from '../../domain/ports/PushService';

/**
 * The PushService where the console has no web push: development builds (no service worker, spec)
 * and, until the service worker exists, every build. Subscribing does nothing.
 */
export class NoPushService implements PushService {
  async subscribe(): Promise<void> {}

  async unsubscribe(): Promise<void> {}
}
