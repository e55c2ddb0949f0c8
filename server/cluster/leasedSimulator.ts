import type { Database } from '../db/Database';
import type { EventHub } from '../events/EventHub';
import { OrderRepository } from '../orders/OrderRepository';
import { DemoSimulator, type SimulatorOptions } from '../simulator/DemoSimulator';
import { Lease } from './Lease';
import { LeasedTask } from './LeasedTask';
import { DEFAULT_LEASE_TTL_MS, type LeaseOptions } from './LeaseOptions';

/**
 * The demo simulator as a leased task: one process at a time simulates, whichever has the lease;
 * another takes over when it stops or dies.
 */
export function leasedSimulator(deps: {
  database: Database;
  hub: EventHub;
  clock: () => Date;
  leases: LeaseOptions & { holder: string };
  settings: SimulatorOptions;
  logError: (error: unknown, message: string) => void;
  logInfo: (details: object, message: string) => void;
}): LeasedTask {
  const { database, hub, clock, leases, logError, logInfo } = deps;
  return new LeasedTask({
    lease: new Lease(database, 'demo-simulator', leases.holder, leases.ttlMs ?? DEFAULT_LEASE_TTL_MS),
    renewMs: leases.renewMs,
    start: async () => {
      const running = new DemoSimulator({ database, orders: new OrderRepository(database, hub), clock, onError: (error) => logError(error, 'the demo simulator failed') }, deps.settings);
      await running.start();
      return running;
    },
    onError: (error) => logError(error, 'the demo simulator\'s lease failed'),
    onChange: (running) =>
      logInfo({ holder: leases.holder }, running ? 'this process runs the demo simulator now' : 'this process stopped the demo simulator'),
  });
}
