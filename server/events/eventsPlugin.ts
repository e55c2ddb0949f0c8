import { Lease } from '../cluster/Lease';
import { LeasedTask } from '../cluster/LeasedTask';
import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { endDisplacedStreams } from './endDisplacedStreams';
import { endRevokedStreams } from './endRevokedStreams';
import { DEFAULT_PING_INTERVAL_MS, DEFAULT_STALL_TIMEOUT_MS, registerEventRoutes } from './eventRoutes';
import type { LiveEventOptions } from './LiveEventOptions';
import { streamPlacesLease } from './StreamPlaces';

/**
 * Live events (`GET /api/events`, signed in), and while the app runs: the lease under which this
 * process's streams count, the ending of streams other processes revoke or displace, and the ending
 * of every stream before the app closes (they would keep `close()` waiting; clients resume elsewhere).
 */
export function eventsPlugin(services: SharedServices, options: LiveEventOptions = {}): Feature {
  const { database, hub, eventLog, openStreams, unnumberedEvents, revokedTokens, users, clock, leases } = services;
  return {
    signedIn: (api) => {
      registerEventRoutes(api, {
        hub,
        eventLog,
        streams: openStreams,
        unnumbered: unnumberedEvents,
        revokedTokens,
        users,
        clock,
        pingIntervalMs: options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
        stallTimeoutMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
      });
    },
    start: async (app) => {
      if (options.notifications) {
        const revocations = endRevokedStreams({
          notifications: options.notifications,
          streams: openStreams,
          revokedTokens,
          users,
          onError: (error, message) => app.log.error({ err: error }, message),
        });
        app.addHook('onClose', async () => revocations.dispose());
        const displacements = endDisplacedStreams({ notifications: options.notifications, streams: openStreams });
        app.addHook('onClose', async () => displacements.dispose());
      }
      app.addHook('preClose', async () => openStreams.closeAll());
      // This process's streams count on every process while it renews this lease; when it lapses, they end.
      const streamsLease = new LeasedTask({
        lease: new Lease(database, streamPlacesLease(leases.holder), leases.holder, leases.ttlMs),
        renewMs: leases.renewMs,
        start: () => openStreams.admit(),
        onError: (error) => app.log.error({ err: error }, 'the lease of the event streams failed'),
        onChange: (admitted) => app.log.info({ holder: leases.holder }, admitted ? 'this process opens event streams now' : 'this process ended its event streams'),
      });
      await streamsLease.start();
      app.addHook('onClose', async () => streamsLease.stop());
    },
  };
}
