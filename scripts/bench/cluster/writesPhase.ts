// The writes of the cluster bench: changes per second from 16 concurrent writers, straight to the
// database (the floor) and through the backend's PATCH, spread over one process and over three.
import type { BackendProcess } from '../../../test/server/support/backendProcesses';
import { currentVersions, keepFresh, type Session, type WriterOrder } from './api';
import type { WriteFigures } from './figures';
import { backendWriter } from './writeBackend';
import { floorWriter } from './writeFloor';
import { runWriteLoop } from './writeLoop';

export interface WritesPhaseOptions {
  backends: BackendProcess[];
  databaseUrl: string;
  /** One session per tenant: writer w writes for tenant w % 2. */
  sessions: Session[];
  orders: WriterOrder[][];
  writers: number;
  seconds: number;
  warmUpSeconds: number;
  /** Tokens expiring within this many seconds are renewed before a run. */
  renewWithinSeconds: number;
  /** The PostgreSQL server's processes, when it runs here. */
  postgres: () => number[] | undefined;
  log: (line: string) => void;
}

export async function runWritesPhase(options: WritesPhaseOptions): Promise<{ runs: WriteFigures[]; renewals: number }> {
  const { backends, log, writers } = options;
  const urls = backends.map((backend) => backend.url);
  const common = { writers, seconds: options.seconds, warmUpSeconds: options.warmUpSeconds };
  const results: WriteFigures[] = [];
  let renewals = 0;
  const report = (figures: WriteFigures) => {
    results.push(figures);
    log(`  ${figures.perSecond.toFixed(0)} changes/s, p50 ${figures.latency.p50.toFixed(1)} ms, p99 ${figures.latency.p99.toFixed(1)} ms, ${figures.conflicts} conflicts, ${figures.errors} errors`);
  };

  log(`writes, floor: ${writers} pg connections running the change's statement for ${options.seconds} s…`);
  const floor = await floorWriter(options.databaseUrl, writers, options.orders);
  try {
    report(
      await runWriteLoop({
        ...common,
        label: 'plain SQL client (floor)',
        change: floor.change,
        processes: () => ({ PostgreSQL: options.postgres(), 'SQL client (this process)': process.pid }),
      }),
    );
  } finally {
    await floor.close();
  }

  for (const count of [1, backends.length]) {
    renewals += await keepFresh(urls, options.sessions, options.renewWithinSeconds);
    const tokens = options.sessions.map((session) => session.token);
    const orders = await Promise.all(options.orders.map((list, tenant) => currentVersions(urls[0] as string, tokens[tenant] as string, list)));
    const used = backends.slice(0, count);
    log(`writes through ${count} backend process${count > 1 ? 'es' : ''}: ${writers} writers sending PATCH for ${options.seconds} s…`);
    const writer = backendWriter(
      used.map((backend) => backend.url),
      options.sessions,
      orders,
    );
    try {
      report(
        await runWriteLoop({
          ...common,
          label: `backend, ${count} process${count > 1 ? 'es' : ''}`,
          change: writer.change,
          processes: () => ({
            backends: used.flatMap((backend) => (backend.pid === undefined ? [] : [backend.pid])),
            PostgreSQL: options.postgres(),
            'HTTP writers (this process)': process.pid,
          }),
        }),
      );
    } finally {
      writer.close();
    }
  }
  return { runs: results, renewals };
}
