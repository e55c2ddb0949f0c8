import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/Database';
import { ProblemError } from './ProblemError';

/** `GET /healthz`: the process runs. `GET /readyz`: the database answers. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.query('SELECT 1');
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      throw new ProblemError('not-ready');
    }
    return { status: 'ok' };
  });
}
