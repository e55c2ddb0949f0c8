import type { Database } from '../db/Database';
import type { EventLog, EventRetention } from '../events/EventLog';
import { EventPruner } from '../events/EventPruner';
import { sweepStreamPlaces } from '../events/StreamPlaces';
import { sweepRateLimits } from '../limits/sweepRateLimits';
import type { PushClaims } from '../push/PushClaims';
import type { RunningTask } from './LeasedTask';

export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;
/** Push claims are kept a day (a push older than an hour is not sent any more). */
const PUSH_CLAIM_AGE_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingDeps {
  database: Database;
  eventLog: EventLog;
  claims: PushClaims;
  clock: () => Date;
  pruneIntervalMs?: number;
  retention?: EventRetention;
  /** Time between two sweeps of the rate limits, push claims and places of dead processes' streams. Default a minute. */
  sweepIntervalMs?: number;
  onError: (error: unknown) => void;
}

/**
 * The upkeep of the tables, done by one process at a time (under the `housekeeping` lease): the event
 * pruner (events/EventPruner.ts), and every minute the rate limits whose window has ended (by the
 * system clock, which rate-limiter-flexible counts by), the push claims older than a day, and the
 * event streams' places of processes whose lease ran out.
 */
export function startHousekeeping(deps: HousekeepingDeps): RunningTask {
  const pruner = new EventPruner({
    eventLog: deps.eventLog,
    clock: deps.clock,
    intervalMs: deps.pruneIntervalMs,
    retention: deps.retention,
    onError: deps.onError,
  });
  pruner.start();
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    sweeping ??= Promise.all([sweepRateLimits(deps.database, Date.now()), deps.claims.purge(PUSH_CLAIM_AGE_MS), sweepStreamPlaces(deps.database)])
      .then(() => undefined, deps.onError)
      .finally(() => (sweeping = undefined));
  }, deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await sweeping;
      await pruner.stop();
    },
  };
}
