import type { FastifyInstance } from 'fastify';
import type { AppOptions } from './AppOptions';
import { authenticate } from './auth/authentication';
import { authorize } from './auth/authorization';
import { authPlugin } from './auth/authPlugin';
import { housekeepingPlugin } from './cluster/housekeepingPlugin';
import { eventsPlugin } from './events/eventsPlugin';
import type { Feature } from './Feature';
import { closeUnusedConnections } from './http/closeUnusedConnections';
import { registerCompression } from './http/compression';
import { registerConsole } from './http/consolePlugin';
import { ConsolePage } from './http/consolePage';
import { createFastify, DEFAULT_BODY_LIMIT } from './http/createFastify';
import { registerErrorHandling } from './http/errorHandling';
import { registerHealthRoutes } from './http/healthRoutes';
import { registerRuntimeConfigRoute } from './http/runtimeConfigRoute';
import { registerSecurityHeaders } from './http/securityHeaders';
import { mePlugin } from './me/mePlugin';
import { ordersPlugin } from './orders/ordersPlugin';
import { presencePlugin } from './presence/presencePlugin';
import { pushPlugin } from './push/pushPlugin';
import { randomVapidKeys } from './push/vapidKeys';
import { sharedServices } from './SharedServices';
import { telemetryPlugin } from './telemetry/telemetryPlugin';
import { usersPlugin } from './users/usersPlugin';
import { DEFAULT_SESSION_IDLE_MINUTES, type RuntimeConfig } from '../shared/RuntimeConfig';

export type { AppOptions } from './AppOptions';

/**
 * The HTTP application of the reference backend, composed top to bottom: the Fastify instance, the
 * services several features share, the HTTP basics, then the features one per line, their open
 * routes on the root and the rest in the signed-in API scope, then what they run, then the console.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = createFastify({ logger: options.logger, bodyLimit, trustProxy: options.trustProxy });
  const services = sharedServices(app.log, options);
  const vapid = options.push?.vapid ?? randomVapidKeys();
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

  const features: Feature[] = [
    authPlugin(services, options),
    mePlugin(services),
    usersPlugin(services),
    ordersPlugin(services),
    pushPlugin(services, { ...options.push, vapid }),
    telemetryPlugin(services, options.telemetry),
    eventsPlugin(services, options.events),
    presencePlugin(services, options.events),
    housekeepingPlugin(services, options.events),
  ];
  for (const feature of features) await feature.open?.(app);
  await app.register(async (api) => {
    api.addHook('onRequest', authenticate(services));
    api.addHook('onRequest', authorize);
    for (const feature of features) feature.signedIn?.(api);
  });
  closeUnusedConnections(app);
  for (const feature of features) await feature.start?.(app);

  await registerConsole(app, consolePage, options.staticDir, options.serveSourceMaps);
  return app;
}
