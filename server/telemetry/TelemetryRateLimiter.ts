import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { type LimitStore, MEMORY_STORE } from '../limits/LimitStore';
import { rateLimiter, secondsToWait, takePoint } from '../limits/rateLimiter';

/** How many telemetry requests are let through in each fixed window of `windowMs`. */
export interface TelemetryRateLimits {
  /** Requests per client address and window; also the burst a client may send at once. Default 60. */
  perClient: number;
  /** Requests of all clients together per window. Default 600. */
  overall: number;
  /** Default 10 s. */
  windowMs: number;
}

export const DEFAULT_TELEMETRY_RATE_LIMITS: TelemetryRateLimits = { perClient: 60, overall: 600, windowMs: 10_000 };

/** Takes a request of a client: 0 when let through, otherwise the whole seconds to wait (the request counts not). */
export interface TelemetryLimits {
  take(client: string): Promise<number>;
}

/**
 * Floods of telemetry (a runaway page, a script) are refused with 429 before their bodies are read:
 * one rate-limiter-flexible limit per client address and one for everybody, so many clients together
 * cannot flood either; a request refused by the overall limit is taken back from its client's. In
 * memory by default (a restart forgets it, and it counts what reaches this process only); in the
 * database on PostgreSQL, shared by every process on it (`LimitStore`), where a refused client is
 * refused in memory until its window ends (one statement per window, not per request of a flood), and
 * while the database does not answer, this process counts alone (the library's insurance limiter:
 * telemetry is no reason to fail, and a flood stays bounded, by N times the limits).
 */
export class TelemetryRateLimiter implements TelemetryLimits {
  private readonly clients: RateLimiterAbstract;
  private readonly everybody: RateLimiterAbstract;

  constructor(store: LimitStore = MEMORY_STORE, limits: TelemetryRateLimits = DEFAULT_TELEMETRY_RATE_LIMITS) {
    const shared = { windowMs: limits.windowMs, refuseFullKeysInMemory: true, insured: true };
    this.clients = rateLimiter(store, { name: 'telemetry-client', points: limits.perClient, ...shared });
    this.everybody = rateLimiter(store, { name: 'telemetry-all', points: limits.overall, ...shared });
  }

  /** Takes a request of `client` and answers 0, or refuses it and answers the seconds to wait. */
  async take(client: string): Promise<number> {
    const clientWaitMs = await takePoint(this.clients, client);
    if (clientWaitMs > 0) {
      return secondsToWait(clientWaitMs);
    }
    const overallWaitMs = await takePoint(this.everybody, 'all');
    if (overallWaitMs > 0) {
      await this.clients.reward(client);
      return secondsToWait(overallWaitMs);
    }
    return 0;
  }
}
