/** How leases (work done by one process at a time) are held. */
export interface LeaseOptions {
  /**
   * How long a lease holds without renewal: the longest another process waits before it takes over
   * from one that died, and the longest the event streams of one that died still count against
   * their tokens' limit (events/StreamPlaces.ts). Default 15 s (`LEASE_SECONDS`).
   */
  ttlMs?: number;
  /** Time between two tries to take or renew a lease. Default a third of `ttlMs`. */
  renewMs?: number;
  /** This backend's name in the leases and push claims. Default: host, process id and a random part. */
  holder?: string;
}

export const DEFAULT_LEASE_TTL_MS = 15_000;
