import type { LiveEventOptions } from '../events/LiveEventOptions';
import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { OrderPresences } from './OrderPresences';
import { PostgresPresenceRelay } from './PostgresPresenceRelay';
import { PresenceRegistry } from './PresenceRegistry';
import { registerPresenceRoutes } from './presenceRoutes';

/** How long a presence lasts unless renewed (`PRESENCE_TTL`); the console renews every 5 s. */
export const PRESENCE_TTL_MS = 15_000;

/**
 * Who has which order open and edits which field (`PUT`/`DELETE /api/orders/{id}/presence`), told
 * to the tenant's event streams as `presence` events without an id, and to each stream that opens.
 * In memory only; on PostgreSQL the processes tell each other through notifications
 * (PostgresPresenceRelay.ts). Sessions that end take their presences with them.
 */
export function presencePlugin(services: SharedServices, options: LiveEventOptions = {}): Feature {
  const { unnumberedEvents, openStreams, database, leases, log } = services;
  const onError = (error: unknown, message: string) => log.error({ err: error }, message);
  const registry = new PresenceRegistry((tenantId, presence) => unnumberedEvents.send(tenantId, { type: 'presence', data: JSON.stringify(presence) }));
  const relay = options.notifications ? new PostgresPresenceRelay(options.notifications, leases.holder, onError) : undefined;
  const presences = new OrderPresences(registry, leases.holder, options.presenceTtlMs ?? PRESENCE_TTL_MS, relay);
  return {
    signedIn: (api) => registerPresenceRoutes(api, { database, presences }),
    start: (app) => {
      const greeting = unnumberedEvents.greetWith((tenantId) => registry.ofTenant(tenantId).map((presence) => ({ type: 'presence', data: JSON.stringify(presence) })));
      const sessions = openStreams.onDidEndSessions((ended) => void presences.endSessions(ended));
      const listening = relay?.listen((message) => presences.received(message));
      app.addHook('preClose', async () => presences.leaveAll());
      app.addHook('onClose', async () => {
        greeting.dispose();
        sessions.dispose();
        listening?.dispose();
        registry.clear();
      });
    },
  };
}
