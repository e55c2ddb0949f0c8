import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateVAPIDKeys } from 'web-push';

const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');
/** A process compiles the backend with tsx and connects to the database: a few seconds, more on a busy machine. */
export const PROCESS_START_TIMEOUT_MS = 60_000;
const READY_LINE = /Order Cockpit is running at http:\/\/localhost:(\d+)/;

export interface BackendProcessOptions {
  /** The PostgreSQL database every process uses (`DATABASE_URL`). */
  databaseUrl: string;
  /** Further environment of every process (e.g. `PUSH_ALLOWED_HOSTS`, `SIMULATE`, `LOG_LEVEL`); wins over the defaults. */
  env?: Record<string, string>;
  /** Orders per demo tenant seeded by the first process. Default 20. */
  seedOrders?: number;
}

/** How a process ended: its exit code, or the signal that ended it. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One backend running as a program of its own (`node --import tsx server/main.ts`), on a free
 * port of 127.0.0.1. Its standard output and error are kept (`output`) for failure messages.
 */
export class BackendProcess {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string;
  readonly exited: Promise<ProcessExit>;
  private exit: ProcessExit | undefined;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly log: { text: string },
    exited: Promise<ProcessExit>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.exited = exited.then((exit) => {
      this.exit = exit;
      return exit;
    });
  }

  /** Starts a process and resolves once it serves (`/readyz` answers 200); fails with its output otherwise. */
  static async start(name: string, env: NodeJS.ProcessEnv, timeoutMs = PROCESS_START_TIMEOUT_MS): Promise<BackendProcess> {
    const child = spawn(process.execPath, [...cpuProfileArguments(name), '--import', 'tsx', 'server/main.ts'], {
      cwd: REPOSITORY_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const log = { text: '' };
    const exited = new Promise<ProcessExit>((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolve({ code, signal });
      });
    });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`backend ${name} did not start within ${timeoutMs} ms; its output:\n${log.text}`));
      }, timeoutMs);
      const collect = (chunk: Buffer) => {
        log.text += chunk.toString('utf8');
        const match = READY_LINE.exec(log.text);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      void exited.then((exit) => {
        clearTimeout(timer);
        reject(new Error(`backend ${name} ended before it was ready (${exit.signal ?? `exit code ${exit.code}`}); its output:\n${log.text}`));
      });
    });
    const started = new BackendProcess(name, child, port, log, exited);
    const ready = await fetch(`${started.url}/readyz`);
    if (ready.status !== 200) {
      await started.stop('SIGKILL');
      throw new Error(`backend ${name} is not ready (/readyz: ${ready.status}); its output:\n${log.text}`);
    }
    return started;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the process still runs. */
  get isRunning(): boolean {
    return this.exit === undefined;
  }

  /** What it printed so far (standard output and error, interleaved as they came). */
  get output(): string {
    return this.log.text;
  }

  /**
   * Ends the process: `SIGTERM` (default) stops it cleanly (exit code 0), `SIGKILL` at once, as a crash
   * would. A process that has not ended after `timeoutMs` is killed. Resolves with how it ended.
   */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM', timeoutMs = 15_000): Promise<ProcessExit> {
    if (this.exit) return this.exit;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the process at once (`SIGKILL`): no clean shutdown, its connections drop. */
  kill(): Promise<ProcessExit> {
    return this.stop('SIGKILL');
  }
}

/**
 * With `BENCH_CPU_PROFILE=<folder>` (benchmarks), each process writes a V8 processor profile there when
 * it ends cleanly (`node --cpu-prof`), in a folder named after the process; none otherwise.
 */
export function cpuProfileArguments(name: string): string[] {
  const folder = process.env.BENCH_CPU_PROFILE?.trim();
  if (!folder) return [];
  const safe = name.replace(/[^\w.-]+/g, '_');
  // A folder per process: its module loader's thread writes a profile of its own beside the main thread's.
  return ['--cpu-prof', `--cpu-prof-dir=${path.join(folder, `${safe}-${Date.now()}`)}`];
}

/** Every child still running: killed when the test process ends, whatever happened in the tests. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Backend processes on one PostgreSQL database, sharing `JWT_SECRET` and the VAPID pair (a token
 * signed by one is good at every other), as several instances behind a load balancer would be.
 *
 *   const backends = await BackendProcesses.start(3, { databaseUrl });
 *   backends.at(0).url … backends.at(2).url
 *   await backends.at(1).kill();           // SIGKILL
 *   await backends.startAnother();         // one more on the same database
 *   await backends.stopAll();              // SIGTERM, SIGKILL after a while
 *
 * The first process migrates and seeds the database alone; the others start together after it.
 */
export class BackendProcesses {
  readonly processes: BackendProcess[] = [];
  private started = 0;
  readonly jwtSecret = randomBytes(32).toString('base64url');
  readonly vapidKeys = generateVAPIDKeys();
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'cockpit-backends-'));

  private constructor(private readonly options: BackendProcessOptions) {}

  static async start(count: number, options: BackendProcessOptions): Promise<BackendProcesses> {
    const backends = new BackendProcesses(options);
    try {
      if (count > 0) await backends.startAnother();
      await Promise.all(Array.from({ length: count - 1 }, () => backends.startAnother()));
    } catch (error) {
      await backends.stopAll();
      throw error;
    }
    return backends;
  }

  /** The `index`th process started (0 first). */
  at(index: number): BackendProcess {
    const backend = this.processes[index];
    if (!backend) throw new Error(`there is no backend process ${index} (${this.processes.length} started)`);
    return backend;
  }

  /** The environment a process of this group starts with. */
  environment(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: process.env.TZ,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: this.dataDir,
      DATABASE_URL: this.options.databaseUrl,
      JWT_SECRET: this.jwtSecret,
      VAPID_PUBLIC_KEY: this.vapidKeys.publicKey,
      VAPID_PRIVATE_KEY: this.vapidKeys.privateKey,
      SEED_ORDERS: String(this.options.seedOrders ?? 20),
      SIMULATE: '0',
      STATIC_DIR: '/nonexistent/order-cockpit-dist',
      LOG_LEVEL: 'warn',
      ...this.options.env,
    };
  }

  /** Starts one more process on the group's database and settings. */
  async startAnother(env: Record<string, string> = {}): Promise<BackendProcess> {
    // In the order asked for, also when several start together.
    const index = this.started++;
    const backend = await BackendProcess.start(`#${index}`, { ...this.environment(), ...env });
    this.processes[index] = backend;
    return backend;
  }

  /** Stops every process still running (SIGTERM; SIGKILL after 15 s) and removes the group's data folder. */
  async stopAll(): Promise<void> {
    await Promise.all(this.processes.filter(Boolean).map((backend) => backend.stop()));
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
