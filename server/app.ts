import fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { authenticate } from './auth/authentication';
import { type AuthRoutesDeps, registerLoginRoute, registerLogoutRoute } from './auth/authRoutes';
import { LoginRateLimiter } from './auth/LoginRateLimiter';
import { RevokedTokens } from './auth/RevokedTokens';
import { TokenSigner } from './auth/tokens';
import type { Database } from './db/Database';
import { registerConsoleAssets } from './http/consoleAssets';
import { ConsolePage } from './http/consolePage';
import { registerErrorHandling } from './http/errorHandling';
import { registerHealthRoutes } from './http/healthRoutes';
import { registerRuntimeConfigRoute } from './http/runtimeConfigRoute';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerMeRoutes } from './me/meRoutes';
import { OrderRepository } from './orders/OrderRepository';
import { registerOrderRoutes } from './orders/orderRoutes';
import { UserRepository } from './users/UserRepository';

export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  /** The database, migrated already. The app does not close it. */
  database: Database;
  /** The key that signs access tokens (HS256), at least 32 bytes. */
  jwtKey: Uint8Array;
  /** The console build (index.html and assets); need not exist. */
  staticDir: string;
  /** The release announced in `/config.json`. */
  release: string;
  /** The host name of production, announced in `/config.json`. */
  productionHost: string;
  /** "Now", for token expiry, rate limits and timestamps. Default: the system clock. */
  clock?: () => Date;
  /** Lifetime of access tokens. Default 8 hours. */
  tokenTtlSeconds?: number;
  /** Largest accepted request body. Default 1 MiB. */
  bodyLimit?: number;
  /** Fastify's logger option. Default: no logging. */
  logger?: FastifyServerOptions['logger'];
}

/** The HTTP application of the reference backend: API, runtime configuration, health and the console. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = fastify({
    logger: options.logger ?? false,
    // Requests are not logged one by one; errors are (see http/errorHandling.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit,
    ajv: {
      // Unknown fields are refused (400), never dropped silently; query values are coerced to the schema.
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  });
  // Bodies are JSON; anything else is answered with 415.
  app.removeContentTypeParser('text/plain');

  const users = new UserRepository(options.database);
  const revokedTokens = new RevokedTokens(options.database);
  const signer = new TokenSigner(options.jwtKey);
  const consolePage = new ConsolePage(options.staticDir);
  const authDeps: AuthRoutesDeps = {
    users,
    signer,
    revokedTokens,
    limiter: new LoginRateLimiter(clock),
    clock,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
  };

  registerSecurityHeaders(app);
  registerErrorHandling(app, { bodyLimit, fallback: (request, reply) => consolePage.fallback(request, reply) });
  app.decorateRequest('principal', null);

  registerHealthRoutes(app, options.database);
  registerRuntimeConfigRoute(app, {
    release: options.release,
    productionHost: options.productionHost,
    apiBase: '/api',
    telemetryBase: '',
    vapidPublicKey: '',
  });
  registerLoginRoute(app, authDeps);

  await app.register(async (api) => {
    api.addHook('onRequest', authenticate({ signer, revokedTokens, clock }));
    registerLogoutRoute(api, authDeps);
    registerMeRoutes(api, { users, clock });
    registerOrderRoutes(api, { orders: new OrderRepository(options.database), clock });
  });

  app.get('/', (request, reply) => consolePage.send(request, reply));
  app.get('/index.html', (request, reply) => consolePage.send(request, reply));
  await registerConsoleAssets(app, options.staticDir);
  return app;
}
