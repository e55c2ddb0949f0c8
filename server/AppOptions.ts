import type { FastifyServerOptions } from 'fastify';
import type { LoginOptions } from './auth/LoginOptions';
import type { LeaseOptions } from './cluster/LeaseOptions';
import type { Database } from './db/Database';
import type { LiveEventOptions } from './events/LiveEventOptions';
import type { PushOptions } from './push/PushOptions';
import type { TelemetryOptions } from './telemetry/telemetryRoutes';

/**
 * What `buildApp` assembles an app from: the things made before it (the database, migrated; the keys)
 * and the settings of its features. startServer.ts makes these of a `BackendConfig`; tests build
 * a second app on a running server's database with them.
 */
export interface AppOptions {
  /** The database, migrated already. The app does not close it. */
  database: Database;
  /** The key that signs access tokens (HS256), at least 32 bytes. */
  jwtKey: Uint8Array;
  /** The console build (index.html and assets); need not exist. */
  staticDir: string;
  /** Whether the build's source maps (`*.map`) are served. Default false. */
  serveSourceMaps?: boolean;
  /** The release announced in `/config.json`. */
  release: string;
  /** The host name of production, announced in `/config.json`. */
  productionHost: string;
  /** "Now", for token expiry, rate limits and timestamps. Default: the system clock. */
  clock?: () => Date;
  /** Lifetime of access tokens. Default 15 minutes (renewed by the console while in use). */
  tokenTtlSeconds?: number;
  /** Minutes without input after which the console stops renewing (announced in `/config.json`). Default 30. */
  sessionIdleMinutes?: number;
  /** The longest a session lasts from its sign-in, renewals included (`POST /api/auth/renew`). Default 12 hours. */
  sessionMaxSeconds?: number;
  /** Largest accepted request body. Default 1 MiB. */
  bodyLimit?: number;
  /** Fastify's logger option. Default: no logging. Tokens and credentials are redacted from every line (logging/redactingLogger.ts). */
  logger?: FastifyServerOptions['logger'];
  /** Live events. */
  events?: LiveEventOptions;
  /** Web push of new orders: VAPID keys (default: fresh ones), transport, where endpoints may point, limits. */
  push?: PushOptions;
  /** Telemetry (`/v1/traces`, `/v1/logs`): the collector to forward to, flood limits. */
  telemetry?: TelemetryOptions;
  /**
   * The reverse proxies whose `X-Forwarded-For` is believed (addresses, CIDR ranges, or `loopback`,
   * `linklocal`, `uniquelocal`): the client address that rate limits count by is then the one the
   * nearest untrusted hop names. Default none: the socket's address (a proxy's, behind one).
   */
  trustProxy?: readonly string[];
  /** Sign-in: failed attempts per address and account and per address, password hashes at once. */
  login?: LoginOptions;
  /** Leases (the housekeeping, done by one process at a time; the counting of this process's event streams): how they are held, this backend's name. */
  leases?: LeaseOptions;
}
