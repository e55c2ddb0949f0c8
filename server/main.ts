/**
 * The reference backend as a program: `npx tsx server/main.ts` (or `npm run server`). It reads its
 * configuration once from the environment (config/loadConfig.ts); every variable, its default and
 * its rule: docs/CONFIGURATION.md.
 */
import cluster from 'node:cluster';
import { loadConfig } from './config/loadConfig';
import { runWorkers } from './program/runWorkers';
import { serveProcess } from './program/serveProcess';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig(process.env);
  if (config.workers > 1 && cluster.isPrimary) {
    await runWorkers(config, started);
  } else {
    await serveProcess(config, started);
  }
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    code === 'EADDRINUSE' ? `Cannot start: the port is in use (${message}). Set PORT to another one.\n` : `Cannot start: ${message}\n`,
  );
  process.exit(1);
});
