// The fan-out of the cluster bench: the run at the asked rate through three backends, its floor (the
// same streams and bytes from a minimal server), the rate raised until the p99 passes the target, and
// a run with one backend killed half way.
import type { BackendProcess } from '../../../test/server/support/backendProcesses';
import { currentVersions, keepFresh, lastEventId, type Session, type WriterOrder } from './api';
import { floorDrive, startFloor, storedEvents, writerDrive, type WriterSummary } from './fanOutDrives';
import { type FanOutResult, runFanOut } from './fanOutRun';
import { killChildren } from './ipc';

/** The commit → client p99 the fan-out is to stay under, ms. */
export const P99_TARGET_MS = 250;

export interface FanOutPhaseOptions {
  backends: BackendProcess[];
  databaseUrl: string;
  tenantIds: string[];
  /** One session per tenant for the writer, and the stream sessions of each tenant (10 streams each). */
  writerSessions: Session[];
  streamSessions: Session[][];
  orders: WriterOrder[][];
  clients: number;
  clientProcesses: number;
  rate: number;
  seconds: number;
  /** The rate raised step by step (doubled; halved when the asked one fails) with runs of `rampSeconds`, up to `rampMax`; none when 0. */
  rampSeconds: number;
  rampMax: number;
  floor: boolean;
  kill: boolean;
  /** Tokens expiring within this many seconds are renewed before a run. */
  renewWithinSeconds: number;
  /** The PostgreSQL server's processes, when it runs here. */
  postgres: () => number[] | undefined;
  log: (line: string) => void;
}

export type WrittenRun = FanOutResult & { writer: WriterSummary; rate: number };

export interface FanOutPhaseResult {
  main: WrittenRun;
  floor: FanOutResult | undefined;
  ramp: WrittenRun[];
  killed: WrittenRun | undefined;
  /** Tokens renewed between runs (they last 15 minutes; the phase may take longer). */
  renewals: number;
}

/** The run's p99 from the writer's answer to the clients, whole run, all clients. */
export function commitP99(run: FanOutResult): number {
  return run.commit.find((row) => row.phase === 'whole run' && row.group === 'all')?.figures.p99 ?? Number.NaN;
}

/** Whether a run met the fan-out's terms: p99 under the target, the rate reached, every client complete. */
export function runHeld(run: WrittenRun): boolean {
  return commitP99(run) < P99_TARGET_MS && run.writer.rateReached >= 0.95 * run.rate && run.complete === run.clients;
}

export async function runFanOutPhase(options: FanOutPhaseOptions): Promise<FanOutPhaseResult> {
  const { backends, log } = options;
  const urls = backends.map((backend) => backend.url);
  const allSessions = [...options.writerSessions, ...options.streamSessions.flat()];
  let renewals = 0;
  let runs = 0;
  const streamTokens = () => options.streamSessions.map((sessions) => sessions.map((session) => session.token));
  const live = () => backends.filter((backend) => backend.isRunning);
  const processes = () => ({ servers: live().flatMap((backend) => (backend.pid === undefined ? [] : [backend.pid])), PostgreSQL: options.postgres() });

  const written = async (rate: number, seconds: number, kill?: BackendProcess): Promise<WrittenRun> => {
    // Fresh tokens for every run that could outlast them; renewed between runs, when no stream is open.
    renewals += await keepFresh(urls, allSessions, options.renewWithinSeconds);
    const writerTokens = options.writerSessions.map((session) => session.token);
    const orders = await Promise.all(options.orders.map((list, tenant) => currentVersions(urls[0] as string, writerTokens[tenant] as string, list)));
    const before = await Promise.all(writerTokens.map((token) => lastEventId(urls[0] as string, token)));
    const writer = await writerDrive({ urls, tokens: writerTokens, orders, rate, seconds, tag: String(++runs), liveUrl: () => live()[0]?.url ?? (urls[0] as string) });
    log(`${rate} changes/s for ${seconds} s to ${options.clients} streams${kill ? `, SIGKILL to one backend after ${seconds / 2} s` : ''}…`);
    const run = await runFanOut({
      urls,
      tokens: streamTokens(),
      clients: options.clients,
      clientProcesses: options.clientProcesses,
      before,
      drive: writer.drive,
      processes,
      kill: kill ? { afterSeconds: seconds / 2, run: () => void kill.kill() } : undefined,
      log,
    });
    const summary = writer.summary() as WriterSummary;
    log(
      `  ${summary.acknowledged} changes (${Math.round(summary.rateReached)}/s reached), commit → client p99 ${commitP99(run)} ms, ` +
        `${run.complete} of ${run.clients} clients complete, ${run.serverMicrosPerDelivery.toFixed(1)} µs of backend per delivery`,
    );
    return { ...run, writer: summary, rate };
  };

  const main = await written(options.rate, options.seconds);

  let floor: FanOutResult | undefined;
  if (options.floor) {
    renewals += await keepFresh(urls, allSessions, options.renewWithinSeconds);
    const { before } = main;
    const events = await storedEvents(options.databaseUrl, options.tenantIds, before, main.lastIds);
    const server = await startFloor(streamTokens(), before);
    try {
      log(`floor: ${events.length} stored events replayed on the run's schedule by a plain node:http server…`);
      floor = await runFanOut({
        urls: [server.url],
        tokens: streamTokens(),
        clients: options.clients,
        clientProcesses: options.clientProcesses,
        before,
        drive: floorDrive(server.process, events, main.lastIds),
        processes: () => ({ servers: server.process.pid }),
        log,
      });
      log(`  ${floor.complete} of ${floor.clients} clients complete, ${floor.serverMicrosPerDelivery.toFixed(1)} µs of floor per delivery`);
    } finally {
      killChildren([server.process]);
    }
  }

  // Doubled while it holds; when the asked rate does not hold, halved until it does (at most three
  // times), so that the table shows where the p99 passes the target either way.
  const ramp: WrittenRun[] = [];
  if (options.rampSeconds > 0) {
    const up = runHeld(main);
    for (let rate = up ? options.rate * 2 : options.rate / 2; up ? rate <= options.rampMax : rate >= options.rate / 8; rate = up ? rate * 2 : rate / 2) {
      const step = await written(Math.round(rate), options.rampSeconds);
      ramp.push(step);
      if (runHeld(step) !== up) break;
    }
  }

  const killed = options.kill ? await written(options.rate, options.seconds, backends[backends.length - 1]) : undefined;
  return { main, floor, ramp, killed, renewals };
}
