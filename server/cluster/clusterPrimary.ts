import cluster, { type Worker } from 'node:cluster';

/** What a worker tells the primary once it serves. */
export interface WorkerReady {
  type: 'ready';
  port: number;
  seeded: boolean;
}

export function isWorkerReady(message: unknown): message is WorkerReady {
  const candidate = message as Partial<WorkerReady> | null;
  return typeof candidate === 'object' && candidate !== null && candidate.type === 'ready' && typeof candidate.port === 'number';
}

export interface PrimaryOptions {
  /** Worker processes to run. */
  workers: number;
  /** Told once, when every worker serves: the port they share, whether one seeded, their process ids. */
  onReady: (ready: { port: number; seeded: boolean; pids: number[] }) => void;
  write: (line: string) => void;
}

/** A worker that has not served before ending this soon after the previous one is restarted no more (the settings are wrong). */
const RESTART_DELAY_MS = 1000;

/**
 * The primary of `WORKERS=N`: forks N workers running the backend (Node's cluster module: they
 * listen on one port, and connections are handed to them in turn), prints through `onReady` once
 * all serve, starts a replacement for a worker that ends after it served (one that ends before it
 * ever served stops everything: its settings or database are wrong, and the others would fail alike),
 * and on SIGINT or SIGTERM stops the workers (SIGTERM each, they stop cleanly) and ends with 0 once
 * all have; a second signal kills them at once. Resolves with the exit code.
 */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  const ready = new Map<Worker, WorkerReady>();
  let announced = false;
  let stopping = false;
  let failed = false;
  return new Promise<number>((resolve) => {
    const finishIfDone = () => {
      if ((stopping || failed) && Object.keys(cluster.workers ?? {}).length === 0) {
        resolve(failed ? 1 : 0);
      }
    };
    const fork = () => {
      const worker = cluster.fork();
      worker.on('message', (message: unknown) => {
        if (!isWorkerReady(message)) return;
        ready.set(worker, message);
        if (!announced && ready.size === options.workers) {
          announced = true;
          const entries = [...ready.entries()];
          options.onReady({
            port: entries[0]?.[1].port ?? 0,
            seeded: entries.some(([, info]) => info.seeded),
            pids: entries.map(([each]) => each.process.pid ?? 0),
          });
        }
      });
      worker.on('exit', (code, signal) => {
        const served = ready.delete(worker);
        if (stopping || failed) {
          finishIfDone();
          return;
        }
        const how = signal ?? `exit code ${code}`;
        if (!served) {
          options.write(`A worker process ended before it served (${how}); stopping the others.\n`);
          failed = true;
          stopAll('SIGTERM');
          finishIfDone();
          return;
        }
        options.write(`Worker process ${worker.process.pid ?? '?'} ended (${how}); starting another.\n`);
        setTimeout(() => {
          if (!stopping && !failed) fork();
        }, RESTART_DELAY_MS);
      });
    };
    const stopAll = (signal: NodeJS.Signals) => {
      for (const worker of Object.values(cluster.workers ?? {})) {
        worker?.process.kill(signal);
      }
    };
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        options.write(`${signal} again: stopping the workers at once.\n`);
        stopAll('SIGKILL');
        return;
      }
      stopping = true;
      options.write(`\n${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} worker processes…\n`);
      stopAll('SIGTERM');
      finishIfDone();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    for (let index = 0; index < options.workers; index++) fork();
  });
}
