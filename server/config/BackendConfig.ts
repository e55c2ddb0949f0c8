import type { FastifyServerOptions } from 'fastify';
import type { LiveEventOptions } from '../events/LiveEventOptions';
import type { LoginOptions } from '../auth/LoginOptions';
import type { LeaseOptions } from '../cluster/LeaseOptions';
import type { PushOptions } from '../push/PushOptions';
import type { SimulatorOptions } from '../simulator/DemoSimulator';
import type { TelemetryOptions } from '../telemetry/telemetryRoutes';

/**
 * The backend's configuration, one typed object: what `loadConfig` reads from the environment
 * (docs/CONFIGURATION.md names the variable of each field), and what only code in this process can
 * give (a clock, a database dump, a push transport, limits), which tests and benchmarks layer on it:
 *
 *   startServer(loadConfig());                                  // the program
 *   startServer({ seedOrders: 50, clock: testClock.now });      // a test: the rest in-process defaults
 *
 * Fields the environment sets are required; `inProcessConfig` fills them for a start from code.
 */
export interface BackendConfig {
  /** TCP port (PORT); 0 picks a free one. */
  port: number;
  /** Address to listen on (HOST). */
  host: string;
  /**
   * `'memory'`: a fresh embedded database that vanishes on close, and a random token key.
   * A directory (DATA_DIR): the embedded database in `<dir>/pgdata` and the keys beside it.
   */
  database: 'memory' | string;
  /** A PostgreSQL connection string (DATABASE_URL): used instead of the embedded database. */
  databaseUrl?: string;
  /** Backend processes on this machine (WORKERS); more than 1 needs `databaseUrl`. Read by main.ts only. */
  workers: number;
  /** Orders per demo tenant, created on first start only (SEED_ORDERS). */
  seedOrders: number;
  /** Orders of single demo tenants instead, by order number prefix: `{ AN: 1_000_000 }` (SEED_TENANT_ORDERS). */
  seedTenantOrders?: Readonly<Record<string, number>>;
  /** The instant the demo data is made around (SEED_NOW). Default: the clock at the first start. */
  seedNow?: Date;
  /** The console build to serve (STATIC_DIR). */
  staticDir: string;
  /** Whether the build's source maps (`*.map`) are served (SERVE_SOURCE_MAPS). */
  serveSourceMaps: boolean;
  /** Token signing secret, at least 32 bytes (JWT_SECRET); default: kept with the data, see `database`. */
  jwtSecret?: string;
  /** Web push key pair, base64url (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY); default: kept with the data. */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** The contact announced to push services, `mailto:` or `https:` (VAPID_SUBJECT). */
  vapidSubject?: string;
  /** Web push: where endpoints may point (PUSH_SERVICE_HOSTS, PUSH_ALLOWED_HOSTS); in-process: transport, limits. */
  push: Omit<PushOptions, 'vapid'>;
  /** Lifetime of access tokens in seconds (TOKEN_TTL_SECONDS). */
  tokenTtlSeconds: number;
  /** Minutes without input after which the console stops renewing its session (SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  /** The longest a session lasts from its sign-in, renewals included, in seconds (SESSION_MAX_HOURS). */
  sessionMaxSeconds: number;
  /** Reverse proxies whose `X-Forwarded-For` names the client (TRUST_PROXY). */
  trustProxy: readonly string[];
  /** Announced in `/config.json` (RELEASE). */
  release: string;
  /** Announced in `/config.json` (PRODUCTION_HOST). */
  productionHost: string;
  /** Fastify's logger option (LOG_LEVEL); absent: no logging. */
  logger?: FastifyServerOptions['logger'];
  /** The demo simulator (SIMULATE): `true` or, in-process, its settings. */
  simulate: boolean | SimulatorOptions;
  /** Telemetry: the collector to forward to (OTEL_EXPORTER_OTLP_ENDPOINT); in-process: flood limits. */
  telemetry: TelemetryOptions;
  /** Leases: how long one holds (LEASE_SECONDS); in-process: renewal, this backend's name. */
  leases: LeaseOptions;

  // In-process only: no variable sets these.
  /** With the database in memory: a dump `PgliteDatabase.dumpTo` wrote, which the database starts as a copy of. */
  memoryFromDump?: string;
  /** "Now" for the whole server (tokens, rate limits, demo data). Default: the system clock. */
  clock?: () => Date;
  /** Sign-in: the limits of failed attempts and of password checks in flight (see server/README.md). */
  login?: LoginOptions;
  /** Live events: ping interval, pruning, slow clients; the hub (default: one in this process). */
  events?: LiveEventOptions;
}
