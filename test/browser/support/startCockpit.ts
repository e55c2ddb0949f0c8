import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyMigratedDataFolder } from '../../server/support/embeddedDump';
import { browserSeedNow } from './browserSeedNow';

export interface RunningCockpit {
  url: string;
  dataDir: string;
  /** Everything the backend printed. */
  output(): string;
  /** Stops the backend process, keeping its data folder and port for `start()`. */
  stop(): Promise<void>;
  /** Starts the backend again on the same port and data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const root = path.resolve(__dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The backend exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The backend was not ready within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The reference backend as `npm start` runs it (server/main.ts in its own process), serving the
 * production build from dist/ on a free loopback port, with a fresh data folder and a small seed
 * (or the given data folder, which is kept). A folder without a database gets a copy of the one the
 * global setup migrated (browserGlobalSetup.ts): creating an embedded database takes seconds.
 */
export async function startCockpit(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningCockpit> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'cockpit-browser-'));
  const url = `http://127.0.0.1:${port}`;
  if (!existsSync(path.join(dataDir, 'pgdata'))) {
    copyMigratedDataFolder(path.join(dataDir, 'pgdata'));
  }
  let printed = '';
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_ORDERS: '200', SIMULATE: '0', SEED_NOW: browserSeedNow().toISOString(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await waitUntilReady(url, child, () => printed);
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  await launch();
  return {
    url,
    dataDir,
    output: () => printed,
    stop,
    start: launch,
    close: async () => {
      await stop();
      if (!options.dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
