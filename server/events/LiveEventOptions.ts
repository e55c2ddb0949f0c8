import type { EventHub } from './EventHub';
import type { EventRetention } from './EventLog';
import type { PostgresNotifications } from './PostgresNotifications';

/** The live events (`GET /api/events`) and the keeping of their table. */
export interface LiveEventOptions {
  /** Where committed changes are announced. Default: a hub of its own, in this process. */
  hub?: EventHub;
  /** Time between two `: ping` comments of a stream. Default 15 s. */
  pingIntervalMs?: number;
  /** A client that reads nothing for this long while data waits for it is cut off. Default 30 s. */
  stallTimeoutMs?: number;
  /** Time between two prunings of the event table. Default 10 minutes. */
  pruneIntervalMs?: number;
  /** What pruning keeps. Default: the newest 10 000 events of each tenant and those of the last 24 hours. */
  retention?: EventRetention;
  /** How long a presence on an order lasts unless renewed (`PUT /api/orders/{id}/presence`). Default 15 s. */
  presenceTtlMs?: number;
  /**
   * The listening connection to a PostgreSQL server that other backend processes share: tokens they revoke and streams
   * they displace end this process's streams too (events/endRevokedStreams.ts, endDisplacedStreams.ts). Default: none.
   */
  notifications?: PostgresNotifications;
}
