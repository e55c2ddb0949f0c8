import cluster from 'node:cluster';
import type { WorkerReady } from '../cluster/clusterPrimary';
import type { BackendConfig } from '../config/BackendConfig';
import { type RunningServer, startServer } from '../startServer';
import { banner } from './banner';

/**
 * One process serving `config` until a signal (alone, printing the banner; or as a worker of
 * `WORKERS=N`, which reports to the primary and prints nothing).
 */
export async function serveProcess(config: BackendConfig, started: number): Promise<void> {
  const worker = cluster.isWorker;
  const server: RunningServer = await startServer(config);
  if (worker) {
    const ready: WorkerReady = { type: 'ready', port: server.port, seeded: server.seeded };
    process.send?.(ready);
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(banner(config, { port: server.port, seeded: server.seeded, seconds }));
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A worker is stopped by the primary, which also forwards a second signal as SIGKILL.
      if (worker) return;
      process.stdout.write(`${signal} again: stopping at once.\n`);
      process.exit(1);
    }
    stopping = true;
    if (!worker) process.stdout.write(`\n${signal}: stopping…\n`);
    server.close().then(
      () => {
        if (!worker) process.stdout.write('Stopped.\n');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // The primary went away (killed): a worker stops with it.
  if (worker) process.on('disconnect', () => stop('disconnect'));
}
