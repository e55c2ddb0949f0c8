/**
 * Starts the reference backend in this process, for `main.ts`, the backend tests and the browser tests:
 *
 *   startServer(options?: StartServerOptions): Promise<RunningServer>
 *
 *   const server = await startServer({ staticDir: 'dist', seedOrders: 50 });
 *   await fetch(`${server.url}/api/auth/login`, …);   // url: 'http://127.0.0.1:<random port>'
 *   await server.close();                               // stops HTTP, then closes the database
 *
 * Defaults: port 0 (a free port), host 127.0.0.1, database in memory, 200 orders per demo tenant,
 * static files from `<repository>/dist`, no logging, no demo simulator. Opening the embedded database
 * takes a few seconds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, type LiveEventOptions } from './app';
import type { LoginOptions } from './auth/LoginOptions';
import { REVOCATION_CHANNEL, RevokedTokens } from './auth/RevokedTokens';
import { SESSIONS_ENDED_CHANNEL } from './users/UserRepository';
import { keyFromDataDir, keyFromSecret, randomKey } from './auth/signingKey';
import { Lease } from './cluster/Lease';
import { LeasedTask } from './cluster/LeasedTask';
import { DEFAULT_LEASE_TTL_MS, type LeaseOptions } from './cluster/LeaseOptions';
import { newHolderId, sharedByProcesses } from './cluster/processIdentity';
import { settleSharedKeys } from './cluster/sharedKeys';
import type { Database } from './db/Database';
import { migrate } from './db/migrate';
import { type DatabaseLocation, openDatabase } from './db/openDatabase';
import type { EventHub } from './events/EventHub';
import { EventLog } from './events/EventLog';
import { EVENT_CHANNEL } from './events/EventWakeups';
import { InProcessEventHub } from './events/InProcessEventHub';
import { PostgresEventHub } from './events/PostgresEventHub';
import { PostgresNotifications } from './events/PostgresNotifications';
import { DISPLACED_STREAMS_CHANNEL } from './events/StreamPlaces';
import { OrderRepository } from './orders/OrderRepository';
import type { PushOptions } from './push/PushOptions';
import { DEFAULT_VAPID_SUBJECT, randomVapidKeys, type VapidKeys, vapidKeysFromDataDir, vapidKeysFromValues } from './push/vapidKeys';
import { seedDemoData } from './seed/seedDemoData';
import { DemoSimulator, type SimulatorOptions } from './simulator/DemoSimulator';
import type { TelemetryOptions } from './telemetry/telemetryRoutes';

export const REPOSITORY_ROOT = path.resolve(__dirname, '..');

export interface StartServerOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Address to listen on. Default `127.0.0.1`. */
  host?: string;
  /**
   * `'memory'` (default): a fresh embedded database that vanishes on close, and a random token key.
   * A directory: the embedded database in `<dir>/pgdata` and the token key in `<dir>/jwt-secret`.
   */
  database?: 'memory' | string;
  /**
   * With the database in memory: a file `PgliteDatabase.dumpTo` wrote of a migrated database, which
   * the database starts as a copy of instead of being created (the backend tests' quick start).
   */
  memoryFromDump?: string;
  /** A PostgreSQL connection string: use that server instead of the embedded database. */
  databaseUrl?: string;
  /** Orders per demo tenant, created on first start only (when there is no tenant yet). Default 200. */
  seedOrders?: number;
  /**
   * Orders of single demo tenants instead, by the prefix of their order numbers: `{ AN: 1_000_000 }`
   * gives Autohaus Nord a million orders and City Fleet Rentals `seedOrders`.
   */
  seedTenantOrders?: Readonly<Record<string, number>>;
  /**
   * The instant the demo data is made around (what has begun, ended, been created). Default: the
   * clock at the first start.
   */
  seedNow?: Date;
  /** The console build to serve. Default `<repository>/dist`. */
  staticDir?: string;
  /** Whether the build's source maps (`*.map`) are served. Default false (they are for error reporting). */
  serveSourceMaps?: boolean;
  /** "Now" for the whole server (tokens, rate limits, demo data). Default: the system clock. */
  clock?: () => Date;
  /** Token signing secret (at least 32 bytes); default: kept with the data, see `database`. */
  jwtSecret?: string;
  /**
   * Web push (VAPID) key pair, base64url; default: kept with the data in `<dir>/vapid-keys.json`, or
   * fresh ones for a database in memory.
   */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** The contact announced to push services: `mailto:` or `https:`. Default `mailto:operations@order-cockpit.example`. */
  vapidSubject?: string;
  /**
   * Web push of new orders: transport (default: `web-push` over HTTPS), where endpoints may point
   * (`endpoints`: push service host suffixes, exact `allowedHosts` for tests), limits, retry waits.
   */
  push?: Omit<PushOptions, 'vapid'>;
  /** Lifetime of access tokens in seconds. Default 15 minutes. */
  tokenTtlSeconds?: number;
  /** Minutes without input after which the console stops renewing its session. Default 30. */
  sessionIdleMinutes?: number;
  /** The longest a session lasts from its sign-in, renewals included, in seconds. Default 12 hours. */
  sessionMaxSeconds?: number;
  /** Sign-in: the limits of failed attempts and of password checks in flight (see server/README.md). */
  login?: LoginOptions;
  /** Reverse proxies whose `X-Forwarded-For` names the client (see `AppOptions.trustProxy`). Default none. */
  trustProxy?: readonly string[];
  /** Announced in `/config.json`. Default: the version in the repository's package.json. */
  release?: string;
  /** Announced in `/config.json`. Default `cockpit.example.com`. */
  productionHost?: string;
  /** Fastify's logger option. Default: no logging. */
  logger?: FastifyServerOptions['logger'];
  /** Live events: ping interval, pruning, slow clients; the hub (default: one in this process). */
  events?: LiveEventOptions;
  /** The demo simulator (creates and moves orders in the demo tenants): `true` or its settings. Default off. */
  simulate?: boolean | SimulatorOptions;
  /** Telemetry: `collectorEndpoint` (forward to an OpenTelemetry Collector; default: summarise in the log), flood limits. */
  telemetry?: TelemetryOptions;
  /**
   * Work done by one process at a time among those on the database (the demo simulator, the
   * housekeeping): how long a lease holds (15 s), how often it is renewed, this backend's name.
   */
  leases?: LeaseOptions;
}

export interface RunningServer {
  /** `http://<host>:<port>`, without a trailing slash. */
  url: string;
  port: number;
  app: FastifyInstance;
  database: Database;
  /** Where committed order changes are announced (the event streams listen to it). */
  events: EventHub;
  /** Whether this start created the demo data. */
  seeded: boolean;
  /** This backend's name in leases and push claims (`leases.holder`). */
  holder: string;
  /** Stops the simulator, ends the event streams, stops accepting requests, waits for running ones, closes the database. */
  close(): Promise<void>;
}

/** The version in the repository's package.json. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}

function databaseLocation(options: StartServerOptions): DatabaseLocation {
  if (options.databaseUrl) {
    return { kind: 'postgres', url: options.databaseUrl };
  }
  if (options.database && options.database !== 'memory') {
    return { kind: 'embedded', dataDir: options.database };
  }
  return { kind: 'memory', from: options.memoryFromDump };
}

function signingKey(options: StartServerOptions): Buffer {
  if (options.jwtSecret) {
    return keyFromSecret(options.jwtSecret);
  }
  if (options.database && options.database !== 'memory') {
    return keyFromDataDir(options.database);
  }
  return randomKey();
}

function vapidKeys(options: StartServerOptions): VapidKeys {
  const subject = options.vapidSubject ?? DEFAULT_VAPID_SUBJECT;
  if (options.vapidKeys) {
    return vapidKeysFromValues(options.vapidKeys.publicKey, options.vapidKeys.privateKey, subject);
  }
  if (options.database && options.database !== 'memory') {
    return vapidKeysFromDataDir(options.database, subject);
  }
  return randomVapidKeys(subject);
}

/**
 * The listening connection to a PostgreSQL server and the hub on it (events/PostgresEventHub.ts),
 * listening before the hub reads where the tenants stand, so that no commit falls between.
 */
async function listenToPostgres(
  connectionString: string,
  database: Database,
  onError: (error: unknown, message: string) => void,
): Promise<{ hub: PostgresEventHub; notifications: PostgresNotifications; close(): Promise<void> }> {
  const notifications = new PostgresNotifications({ connectionString, channels: [EVENT_CHANNEL, REVOCATION_CHANNEL, SESSIONS_ENDED_CHANNEL, DISPLACED_STREAMS_CHANNEL], onError });
  const hub = new PostgresEventHub({ notifications, eventLog: new EventLog(database), database, onError });
  const close = async () => {
    hub.close();
    await notifications.close();
  };
  try {
    await notifications.start();
    await hub.start();
  } catch (error) {
    await close();
    throw error;
  }
  return { hub, notifications, close };
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? (() => new Date());
  const ownJwtKey = signingKey(options);
  const ownVapid = vapidKeys(options);
  const database = await openDatabase(databaseLocation(options));
  let stopListening: (() => Promise<void>) | undefined;
  try {
    await migrate(database);
    await new RevokedTokens(database).purgeExpired(clock());
    // The embedded database has one process: a lease a previous run left behind (it was killed) is void.
    if (!sharedByProcesses(database)) await database.query('DELETE FROM leases');
    const leases = { ...options.leases, holder: options.leases?.holder ?? newHolderId() };
    // Processes that share a PostgreSQL server sign and push with the same keys, or this one refuses to start.
    const { jwtKey, vapid } = sharedByProcesses(database)
      ? await settleSharedKeys(
          database,
          { jwtKey: ownJwtKey, vapid: ownVapid, jwtFromEnvironment: options.jwtSecret !== undefined, vapidFromEnvironment: options.vapidKeys !== undefined },
          leases.holder,
        )
      : { jwtKey: ownJwtKey, vapid: ownVapid };
    const seeded = await seedDemoData(database, {
      ordersPerTenant: options.seedOrders ?? 200,
      ordersByTenant: options.seedTenantOrders,
      now: options.seedNow ?? clock(),
      passwordCost: options.login?.hashing?.cost,
    });
    // Reports to the app's logger once there is one (nothing is published before).
    let logError = (_error: unknown, _message: string) => {};
    let logInfo = (_details: object, _message: string) => {};
    // On a PostgreSQL server other processes may share, events and revocations reach every one of them.
    const shared =
      options.databaseUrl && !options.events?.hub
        ? await listenToPostgres(options.databaseUrl, database, (error, message) => logError(error, message))
        : undefined;
    stopListening = shared?.close;
    const hub = options.events?.hub ?? shared?.hub ?? new InProcessEventHub((error) => logError(error, 'event listener failed'));
    const app = await buildApp({
      database,
      jwtKey,
      clock,
      staticDir: options.staticDir ?? path.join(REPOSITORY_ROOT, 'dist'),
      serveSourceMaps: options.serveSourceMaps,
      release: options.release ?? packageVersion(),
      productionHost: options.productionHost ?? 'cockpit.example.com',
      tokenTtlSeconds: options.tokenTtlSeconds,
      sessionMaxSeconds: options.sessionMaxSeconds,
      sessionIdleMinutes: options.sessionIdleMinutes,
      login: options.login,
      trustProxy: options.trustProxy,
      logger: options.logger,
      events: { ...options.events, hub, notifications: shared?.notifications },
      push: { ...options.push, vapid },
      telemetry: options.telemetry,
      leases,
    });
    logError = (error, message) => app.log.error({ err: error }, message);
    logInfo = (details, message) => app.log.info(details, message);
    const host = options.host ?? '127.0.0.1';
    try {
      await app.listen({ port: options.port ?? 0, host });
    } catch (error) {
      await app.close();
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
    const urlHost = host.includes(':') ? `[${host}]` : host;
    // One process at a time simulates, whichever has the lease; another takes over when it stops or dies.
    const simulate = options.simulate;
    const simulator = simulate
      ? new LeasedTask({
          lease: new Lease(database, 'demo-simulator', leases.holder, leases.ttlMs ?? DEFAULT_LEASE_TTL_MS),
          renewMs: leases.renewMs,
          start: async () => {
            const running = new DemoSimulator(
              { database, orders: new OrderRepository(database, hub), clock, onError: (error) => logError(error, 'the demo simulator failed') },
              simulate === true ? {} : simulate,
            );
            await running.start();
            return running;
          },
          onError: (error) => logError(error, 'the demo simulator\'s lease failed'),
          onChange: (running) =>
            logInfo({ holder: leases.holder }, running ? 'this process runs the demo simulator now' : 'this process stopped the demo simulator'),
        })
      : undefined;
    try {
      await simulator?.start();
    } catch (error) {
      await app.close();
      throw error;
    }
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost}:${port}`,
      port,
      app,
      database,
      events: hub,
      seeded,
      holder: leases.holder,
      close: () => {
        closing ??= (simulator?.stop() ?? Promise.resolve())
          .then(() => app.close())
          .then(() => shared?.close())
          .then(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await stopListening?.();
    await database.close();
    throw error;
  }
}
