import type { EventRetention } from '../events/EventLog';
import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { startHousekeeping } from './housekeeping';
import { Lease } from './Lease';
import { LeasedTask } from './LeasedTask';

/** The housekeeping (pruning events, sweeping limits, push claims and stream places), by one process at a time. */
export function housekeepingPlugin(services: SharedServices, options: { pruneIntervalMs?: number; retention?: EventRetention } = {}): Feature {
  const { database, eventLog, pushClaims, clock, leases } = services;
  return {
    start: async (app) => {
      const housekeeping = new LeasedTask({
        lease: new Lease(database, 'housekeeping', leases.holder, leases.ttlMs),
        renewMs: leases.renewMs,
        start: () =>
          startHousekeeping({
            database,
            eventLog,
            claims: pushClaims,
            clock,
            pruneIntervalMs: options.pruneIntervalMs,
            retention: options.retention,
            onError: (error) => app.log.error({ err: error }, 'housekeeping (pruning events, sweeping limits, push claims and stream places) failed'),
          }),
        onError: (error) => app.log.error({ err: error }, 'the housekeeping lease failed'),
        onChange: (running) => app.log.info({ holder: leases.holder }, running ? 'this process does the housekeeping now' : 'this process stopped the housekeeping'),
      });
      await housekeeping.start();
      app.addHook('onClose', async () => housekeeping.stop());
    },
  };
}
