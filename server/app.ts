import fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { authenticate } from './auth/authentication';
import { authorize } from './auth/authorization';
import { type AuthRoutesDeps, registerLoginRoute, registerLogoutRoute, registerPasswordChangeRoute, registerRenewRoute } from './auth/authRoutes';
import type { LoginOptions } from './auth/LoginOptions';
import { loginLimiterFor } from './auth/loginLimiterFor';
import { PasswordVerifier } from './auth/PasswordVerifier';
import { RevokedTokens } from './auth/RevokedTokens';
import { TokenSigner } from './auth/tokens';
import { startHousekeeping } from './cluster/housekeeping';
import { Lease } from './cluster/Lease';
import { LeasedTask } from './cluster/LeasedTask';
import { DEFAULT_LEASE_TTL_MS, type LeaseOptions } from './cluster/LeaseOptions';
import { newHolderId } from './cluster/processIdentity';
import type { Database } from './db/Database';
import type { EventHub } from './events/EventHub';
import { EventLog, type EventRetention } from './events/EventLog';
import { DEFAULT_PING_INTERVAL_MS, DEFAULT_STALL_TIMEOUT_MS, registerEventRoutes } from './events/eventRoutes';
import { InProcessEventHub } from './events/InProcessEventHub';
import { endDisplacedStreams } from './events/endDisplacedStreams';
import { endRevokedStreams } from './events/endRevokedStreams';
import { OpenStreams } from './events/OpenStreams';
import { StreamPlaces, streamPlacesLease } from './events/StreamPlaces';
import type { PostgresNotifications } from './events/PostgresNotifications';
import { closeUnusedConnections } from './http/closeUnusedConnections';
import { registerCompression } from './http/compression';
import { registerConsoleAssets } from './http/consoleAssets';
import { ConsolePage } from './http/consolePage';
import { answerUnroutable, registerErrorHandling } from './http/errorHandling';
import { registerHealthRoutes } from './http/healthRoutes';
import { requestValidators } from './http/requestValidation';
import { answerUnreadableRequest } from './http/unreadableRequests';
import { registerContractRequestRules } from './http/contract/contractRequestRules';
import { registerRuntimeConfigRoute } from './http/runtimeConfigRoute';
import { DEFAULT_SESSION_IDLE_MINUTES, type RuntimeConfig } from '../shared/RuntimeConfig';
import { registerSecurityHeaders } from './http/securityHeaders';
import { redactingLogger } from './logging/redactingLogger';
import { registerMeRoutes } from './me/meRoutes';
import { SavedViewRepository } from './me/SavedViewRepository';
import { registerSavedViewRoutes } from './me/savedViewRoutes';
import { OrderRepository } from './orders/OrderRepository';
import { registerOrderRoutes } from './orders/orderRoutes';
import { DEFAULT_CLAIM_TIMEOUT_MS, OrderPushSender } from './push/OrderPushSender';
import { PushClaims } from './push/PushClaims';
import type { PushOptions } from './push/PushOptions';
import { registerPushRoutes, registerPushUnsubscribeRoute } from './push/pushRoutes';
import { PushEndpointPolicy } from './push/PushEndpointPolicy';
import { PushSubscriptionRepository } from './push/PushSubscriptionRepository';
import { randomVapidKeys } from './push/vapidKeys';
import { WebPushTransport } from './push/WebPushTransport';
import { telemetryLimiterFor } from './telemetry/telemetryLimiterFor';
import { registerTelemetryRoutes, type TelemetryOptions, telemetryRateLimits } from './telemetry/telemetryRoutes';
import { UserRepository } from './users/UserRepository';
import { UserAccountRepository } from './users/UserAccountRepository';
import { registerUserAdminRoutes } from './users/userAdminRoutes';
import { registerOrderBulkRoute } from './orders/orderBulkRoute';
import { registerOrderCreateRoute } from './orders/orderCreateRoute';
import { OrderHistoryRepository } from './orders/OrderHistoryRepository';
import { registerOrderHistoryRoute } from './orders/orderHistoryRoute';

/** Access tokens live 15 minutes: the console renews them at two thirds of their life while it is in use. */
export const DEFAULT_TOKEN_TTL_SECONDS = 15 * 60;
/** The longest a session lasts from its sign-in, however often its token is renewed. */
export const DEFAULT_SESSION_MAX_SECONDS = 12 * 60 * 60;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

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
  /**
   * The listening connection to a PostgreSQL server that other backend processes share: tokens they revoke and streams
   * they displace end this process's streams too (events/endRevokedStreams.ts, endDisplacedStreams.ts). Default: none.
   */
  notifications?: PostgresNotifications;
}

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

/** The HTTP application of the reference backend: API, runtime configuration, health and the console. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = fastify({
    logger: redactingLogger(options.logger),
    // Requests are not logged one by one; errors are (see http/errorHandling.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    // Unknown fields are refused (400), never dropped silently; query values are coerced to the schema, bodies never.
    schemaController: requestValidators(),
    // A path the router cannot read (bad percent-encoding, an over-long parameter) is a 404 problem.
    frameworkErrors: answerUnroutable,
    // A request Node cannot read as HTTP (a head over 16 KiB, none at all) is a problem too.
    clientErrorHandler: answerUnreadableRequest,
  });
  // Every request of the contract's paths is validated with the contract's schemas.
  registerContractRequestRules(app);
  // Bodies are JSON; anything else is answered with 415.
  app.removeContentTypeParser('text/plain');

  const users = new UserRepository(options.database);
  const revokedTokens = new RevokedTokens(options.database);
  const signer = new TokenSigner(options.jwtKey);
  const events = options.events ?? {};
  const hub = events.hub ?? new InProcessEventHub((error) => app.log.error({ err: error }, 'event listener failed'));
  const eventLog = new EventLog(options.database);
  const holder = options.leases?.holder ?? newHolderId();
  const leaseTtlMs = options.leases?.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  // The streams per token are counted in the database on either engine: one statement per opening.
  const openStreams = new OpenStreams(new StreamPlaces(options.database, holder), (error) => app.log.error({ err: error }, 'giving an event stream\'s place up failed'));
  // This process's streams count on every process while it renews this lease; when it lapses, they end.
  const streamsLease = new LeasedTask({
    lease: new Lease(options.database, streamPlacesLease(holder), holder, leaseTtlMs),
    renewMs: options.leases?.renewMs,
    start: () => openStreams.admit(),
    onError: (error) => app.log.error({ err: error }, 'the lease of the event streams failed'),
    onChange: (admitted) => app.log.info({ holder }, admitted ? 'this process opens event streams now' : 'this process ended its event streams'),
  });
  const pushClaims = new PushClaims(options.database, holder, options.push?.claimTimeoutMs ?? DEFAULT_CLAIM_TIMEOUT_MS);
  const housekeeping = new LeasedTask({
    lease: new Lease(options.database, 'housekeeping', holder, leaseTtlMs),
    renewMs: options.leases?.renewMs,
    start: () =>
      startHousekeeping({
        database: options.database,
        eventLog,
        claims: pushClaims,
        clock,
        pruneIntervalMs: events.pruneIntervalMs,
        retention: events.retention,
        onError: (error) => app.log.error({ err: error }, 'housekeeping (pruning events, sweeping limits, push claims and stream places) failed'),
      }),
    onError: (error) => app.log.error({ err: error }, 'the housekeeping lease failed'),
    onChange: (running) => app.log.info({ holder }, running ? 'this process does the housekeeping now' : 'this process stopped the housekeeping'),
  });
  const passwords = new PasswordVerifier(options.login?.hashing);
  const authDeps: AuthRoutesDeps = {
    users,
    signer,
    revokedTokens,
    limiter: loginLimiterFor(options.database, options.login),
    passwords,
    clock,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    sessionMaxSeconds: options.sessionMaxSeconds ?? DEFAULT_SESSION_MAX_SECONDS,
    eventStreams: openStreams,
  };

  const vapid = options.push?.vapid ?? randomVapidKeys();
  const pushSubscriptions = new PushSubscriptionRepository(options.database);
  const pushEndpoints = new PushEndpointPolicy(options.push?.endpoints);
  const pushTransport = options.push?.transport ?? WebPushTransport.resolvingWith(vapid, pushEndpoints.connectionLookup);
  const pushSender = new OrderPushSender(
    { hub, subscriptions: pushSubscriptions, transport: pushTransport, endpoints: pushEndpoints, clock, log: app.log, claims: pushClaims },
    options.push,
  );
  // What the console needs at start: answered by `/config.json` and written into its page.
  const runtimeConfig: RuntimeConfig = {
    release: options.release,
    productionHost: options.productionHost,
    apiBase: '/api',
    telemetryBase: '',
    vapidPublicKey: vapid.publicKey,
    sessionIdleMinutes: options.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES,
  };
  const consolePage = new ConsolePage(options.staticDir, runtimeConfig);

  registerSecurityHeaders(app);
  registerErrorHandling(app, { bodyLimit, fallback: (request, reply) => consolePage.fallback(request, reply) });
  app.decorateRequest('principal', null);
  // Before every route: it compresses the answers of those registered after it.
  await registerCompression(app);

  registerHealthRoutes(app, options.database);
  registerRuntimeConfigRoute(app, runtimeConfig);
  registerLoginRoute(app, authDeps);
  registerPushUnsubscribeRoute(app, { subscriptions: pushSubscriptions });
  await registerTelemetryRoutes(app, {
    clock,
    options: options.telemetry,
    limiter: telemetryLimiterFor(options.database, clock, telemetryRateLimits(options.telemetry), (error) =>
      app.log.warn({ err: error }, 'telemetry limits: the database did not answer; this process counts alone meanwhile'),
    ),
  });

  await app.register(async (api) => {
    api.addHook('onRequest', authenticate({ signer, revokedTokens, users, clock }));
    api.addHook('onRequest', authorize);
    registerLogoutRoute(api, authDeps);
    registerPasswordChangeRoute(api, authDeps);
    registerRenewRoute(api, authDeps);
    registerMeRoutes(api, { users, clock });
    registerSavedViewRoutes(api, { views: new SavedViewRepository(options.database), clock });
    registerUserAdminRoutes(api, { accounts: new UserAccountRepository(options.database), passwords, clock, eventStreams: openStreams });
    const orders = new OrderRepository(options.database, hub);
    registerOrderRoutes(api, { orders, clock });
    registerOrderCreateRoute(api, { orders, database: options.database, clock });
    registerOrderBulkRoute(api, { orders, clock });
    registerOrderHistoryRoute(api, { orders, history: new OrderHistoryRepository(options.database) });
    registerPushRoutes(api, { subscriptions: pushSubscriptions, endpoints: pushEndpoints, publicKey: vapid.publicKey, clock });
    registerEventRoutes(api, {
      hub,
      eventLog,
      streams: openStreams,
      revokedTokens,
      users,
      clock,
      pingIntervalMs: events.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
      stallTimeoutMs: events.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
    });
  });
  if (events.notifications) {
    const revocations = endRevokedStreams({
      notifications: events.notifications,
      streams: openStreams,
      revokedTokens,
      users,
      onError: (error, message) => app.log.error({ err: error }, message),
    });
    app.addHook('onClose', async () => revocations.dispose());
    const displacements = endDisplacedStreams({ notifications: events.notifications, streams: openStreams });
    app.addHook('onClose', async () => displacements.dispose());
  }
  // Open streams would keep `close()` waiting for ever: they end first (clients resume elsewhere).
  app.addHook('preClose', async () => openStreams.closeAll());
  closeUnusedConnections(app);
  await streamsLease.start();
  app.addHook('onClose', async () => streamsLease.stop());
  await housekeeping.start();
  app.addHook('onClose', async () => housekeeping.stop());
  pushSender.start();
  app.decorate('pushSender', pushSender);
  app.addHook('onClose', async () => pushSender.stop());

  app.get('/', (request, reply) => consolePage.send(request, reply));
  app.get('/index.html', (request, reply) => consolePage.send(request, reply));
  await registerConsoleAssets(app, options.staticDir, { serveSourceMaps: options.serveSourceMaps });
  return app;
}
