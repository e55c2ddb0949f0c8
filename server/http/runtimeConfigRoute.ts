import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../../shared/RuntimeConfig';

/**
 * `GET /config.json`: what the console needs to know at start, never cached without revalidation.
 * The console's page carries the same object (`ConsolePage`); this route stays for consoles whose
 * page has none (the development server, a shell cached by an older release).
 */
export function registerRuntimeConfigRoute(app: FastifyInstance, config: RuntimeConfig): void {
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config;
  });
}
