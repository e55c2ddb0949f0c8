import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../../src/domain/model/RuntimeConfig';

/** `GET /config.json`: what the console needs to know at start, never cached without revalidation. */
export function registerRuntimeConfigRoute(app: FastifyInstance, config: RuntimeConfig): void {
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config;
  });
}
