import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../../../server/startServer';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';

/** Runs server/main.ts with `env` until it exits; what it printed to stderr. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPOSITORY_ROOT, 'server', 'main.ts')], {
    env: { ...process.env, SEED_ORDERS: '0', SIMULATE: '0', PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('the settings of server/main.ts', () => {
  it.each(['yesterday', '2026-11-26', '2026-02-30T00:00:00Z'])(
    'refuses to start with SEED_NOW=%j, naming the setting',
    async (value) => {
      const { code, stderr } = await runMain({ SEED_NOW: value, DATA_DIR: '/nonexistent/never-created' });
      expect(code).toBe(1);
      expect(stderr).toContain(`SEED_NOW must be an instant such as 2026-11-26T00:00:00+01:00, not ${JSON.stringify(value)}`);
    },
    STARTUP_TIMEOUT_MS,
  );

  it.each([
    [{ PORT: '80000' }, 'Cannot start: PORT must be a whole number from 0 to 65535, not "80000"'],
    [{ SIMULATE: 'yes' }, 'Cannot start: SIMULATE must be 0 or 1, not "yes"'],
    [{ WORKERS: '2', DATABASE_URL: '' }, 'Cannot start: WORKERS=2 needs PostgreSQL'],
  ])(
    'refuses to start with %j before it opens anything, naming the variable',
    async (env, message) => {
      const { code, stderr } = await runMain({ ...env, DATA_DIR: '/nonexistent/never-created' });
      expect(code).toBe(1);
      expect(stderr).toContain(message);
    },
    STARTUP_TIMEOUT_MS,
  );
});
