/**
 * Starts the reference backend in this process, for `main.ts`, the cluster's workers, the backend
 * tests and the browser tests, from one configuration (config/BackendConfig.ts):
 *
 *   startServer(loadConfig())                                   // the program: the environment's
 *   const server = await startServer({ seedOrders: 50 });       // from code: over inProcessConfig's defaults
 *   await fetch(`${server.url}/api/auth/login`, …);             // url: 'http://127.0.0.1:<random port>'
 *   await server.close();                                       // stops HTTP, then closes the database
 *
 * Opening the embedded database takes a few seconds.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { RevokedTokens } from './auth/RevokedTokens';
import { leasedSimulator } from './cluster/leasedSimulator';
import { newHolderId, sharedByProcesses } from './cluster/processIdentity';
import { settleSharedKeys } from './cluster/sharedKeys';
import type { BackendConfig } from './config/BackendConfig';
import { databaseLocation, signingKey, vapidKeys } from './config/configuredKeys';
import { inProcessConfig } from './config/inProcessConfig';
import type { Database } from './db/Database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/openDatabase';
import type { EventHub } from './events/EventHub';
import { InProcessEventHub } from './events/InProcessEventHub';
import { listenToPostgres } from './events/listenToPostgres';
import { seedDemoData } from './seed/seedDemoData';

export { packageVersion, REPOSITORY_ROOT } from './config/repository';

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

/** Serves the backend of `overrides` layered on `inProcessConfig` (a whole `loadConfig()` overrides every default). */
export async function startServer(overrides: Partial<BackendConfig> = {}): Promise<RunningServer> {
  const config = inProcessConfig(overrides);
  const clock = config.clock ?? (() => new Date());
  const ownJwtKey = signingKey(config);
  const ownVapid = vapidKeys(config);
  const database = await openDatabase(databaseLocation(config));
  let stopListening: (() => Promise<void>) | undefined;
  try {
    await migrate(database);
    await new RevokedTokens(database).purgeExpired(clock());
    // The embedded database has one process: a lease a previous run left behind (it was killed) is void.
    if (!sharedByProcesses(database)) await database.query('DELETE FROM leases');
    const leases = { ...config.leases, holder: config.leases.holder ?? newHolderId() };
    // Processes that share a PostgreSQL server sign and push with the same keys, or this one refuses to start.
    const { jwtKey, vapid } = sharedByProcesses(database)
      ? await settleSharedKeys(
          database,
          { jwtKey: ownJwtKey, vapid: ownVapid, jwtFromEnvironment: config.jwtSecret !== undefined, vapidFromEnvironment: config.vapidKeys !== undefined },
          leases.holder,
        )
      : { jwtKey: ownJwtKey, vapid: ownVapid };
    const seeded = await seedDemoData(database, {
      ordersPerTenant: config.seedOrders,
      ordersByTenant: config.seedTenantOrders,
      now: config.seedNow ?? clock(),
      passwordCost: config.login?.hashing?.cost,
    });
    // Reports to the app's logger once there is one (nothing is published before).
    let logError = (_error: unknown, _message: string) => {};
    let logInfo = (_details: object, _message: string) => {};
    // On a PostgreSQL server other processes may share, events and revocations reach every one of them.
    const shared =
      config.databaseUrl && !config.events?.hub
        ? await listenToPostgres(config.databaseUrl, database, (error, message) => logError(error, message))
        : undefined;
    stopListening = shared?.close;
    const hub = config.events?.hub ?? shared?.hub ?? new InProcessEventHub((error) => logError(error, 'event listener failed'));
    const app = await buildApp({
      ...config,
      database,
      jwtKey,
      clock,
      events: { ...config.events, hub, notifications: shared?.notifications },
      push: { ...config.push, vapid },
      leases,
    });
    logError = (error, message) => app.log.error({ err: error }, message);
    logInfo = (details, message) => app.log.info(details, message);
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await app.close();
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const urlHost = config.host.includes(':') ? `[${config.host}]` : config.host;
    const simulate = config.simulate;
    const simulator = simulate
      ? leasedSimulator({ database, hub, clock, leases, settings: simulate === true ? {} : simulate, logError, logInfo })
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
