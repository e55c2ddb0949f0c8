import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningBackend {
  url: string;
  close(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The backend as `npm start` runs it (server/main.ts in its own process) on a free loopback port,
 * with a fresh data folder and `env` added. Waits until it says where it listens (a loaded machine
 * may take minutes to seed); a backend that does not get there is stopped.
 */
export async function startBackend(env: Record<string, string>, timeoutMs = 300_000): Promise<RunningBackend> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bench-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SIMULATE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let printed = '';
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the backend was not ready within ${timeoutMs / 1000} s:\n${printed}`)), timeoutMs);
      const read = (chunk: Buffer) => {
        printed += chunk.toString();
        const match = /running at http:\/\/localhost:(\d+)/.exec(printed);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the backend exited with ${child.exitCode}:\n${printed}`));
      });
    });
    return { url: `http://127.0.0.1:${port}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
