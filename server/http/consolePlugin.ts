import type { FastifyInstance } from 'fastify';
import { registerConsoleAssets } from './consoleAssets';
import type { ConsolePage } from './consolePage';

/** The console: its page (with the runtime configuration and a nonce) and its build's files; registered last. */
export async function registerConsole(app: FastifyInstance, page: ConsolePage, staticDir: string, serveSourceMaps: boolean | undefined): Promise<void> {
  app.get('/', (request, reply) => page.send(request, reply));
  app.get('/index.html', (request, reply) => page.send(request, reply));
  await registerConsoleAssets(app, staticDir, { serveSourceMaps });
}
