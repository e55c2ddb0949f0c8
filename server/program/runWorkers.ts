import { keyFromDataDir } from '../auth/signingKey';
import { runPrimary } from '../cluster/clusterPrimary';
import type { BackendConfig } from '../config/BackendConfig';
import { vapidKeysFromDataDir } from '../push/vapidKeys';
import { banner } from './banner';

/**
 * The primary of `WORKERS=N`: prepares what the workers must share and cannot make each on its own
 * at once (the token key and the VAPID pair kept in DATA_DIR, unless set), then runs the workers,
 * each of which reads the same environment into the same configuration and serves it.
 */
export async function runWorkers(config: BackendConfig, started: number): Promise<void> {
  if (!config.jwtSecret) keyFromDataDir(config.database);
  if (!config.vapidKeys) vapidKeysFromDataDir(config.database, config.vapidSubject);
  const code = await runPrimary({
    workers: config.workers,
    write: (line) => process.stdout.write(line),
    onReady: ({ port, seeded, pids }) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(banner(config, { port, seeded, seconds, pids }));
    },
  });
  if (code === 0) process.stdout.write('Stopped.\n');
  process.exit(code);
}
