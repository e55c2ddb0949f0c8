import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkVapidSubject,
  DEFAULT_VAPID_SUBJECT,
  randomVapidKeys,
  vapidKeysFromDataDir,
  vapidKeysFromValues,
} from '../../../server/push/vapidKeys';
import { REPOSITORY_ROOT, type RunningServer } from '../../../server/startServer';
import type { RuntimeConfig } from '../../../shared/RuntimeConfig';
import { type KeptStorage, keptStorage } from '../support/testEngine';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

const configOf = async (server: RunningServer | string): Promise<RuntimeConfig> => {
  const url = typeof server === 'string' ? server : server.url;
  return (await (await fetch(`${url}/config.json`)).json()) as RuntimeConfig;
};

describe('VAPID keys', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cockpit-vapid-'));
    dirs.push(dir);
    return dir;
  };

  const storages: KeptStorage[] = [];
  /** A data directory and, on PostgreSQL, a database, for a server that restarts or runs as server/main.ts. */
  const storage = async () => {
    const kept = await keptStorage();
    storages.push(kept);
    return kept;
  };

  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const kept of storages) await kept.dispose();
  });

  describe('kept in the data directory', () => {
    it('are generated once into vapid-keys.json (owner only) and read from there afterwards', () => {
      const dir = path.join(tempDir(), 'not-yet-there');
      const first = vapidKeysFromDataDir(dir);
      const file = path.join(dir, 'vapid-keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
      expect(first.subject).toBe(DEFAULT_VAPID_SUBJECT);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      expect(vapidKeysFromDataDir(dir, 'https://order-cockpit.example/contact')).toEqual({
        ...first,
        subject: 'https://order-cockpit.example/contact',
      });
    });

    it('makes a file readable by others the owner\'s again', () => {
      const dir = tempDir();
      const first = vapidKeysFromDataDir(dir);
      const file = path.join(dir, 'vapid-keys.json');
      chmodSync(file, 0o644);
      expect(vapidKeysFromDataDir(dir)).toEqual(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it('refuses an unusable file instead of replacing it (browsers subscribed with its key)', () => {
      const dir = tempDir();
      const file = path.join(dir, 'vapid-keys.json');
      writeFileSync(file, 'not json', { mode: 0o600 });
      expect(() => vapidKeysFromDataDir(dir)).toThrow(/holds no usable VAPID keys; remove it/);
      const other = randomVapidKeys();
      writeFileSync(file, JSON.stringify({ publicKey: randomVapidKeys().publicKey, privateKey: other.privateKey }));
      expect(() => vapidKeysFromDataDir(dir)).toThrow(/vapid-keys\.json: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/);
      expect(readFileSync(file, 'utf8')).toContain(other.privateKey);
    });
  });

  describe('configured', () => {
    it('takes a matching pair and refuses anything else', () => {
      const keys = randomVapidKeys();
      expect(vapidKeysFromValues(` ${keys.publicKey} `, keys.privateKey)).toEqual(keys);
      expect(() => vapidKeysFromValues(randomVapidKeys().publicKey, keys.privateKey)).toThrow(/is not the public key of/);
      expect(() => vapidKeysFromValues(keys.publicKey, `${keys.privateKey}=`)).toThrow(/VAPID_PRIVATE_KEY must be/);
      expect(() => vapidKeysFromValues(keys.publicKey.slice(1), keys.privateKey)).toThrow(/VAPID_PUBLIC_KEY must be/);
      expect(() => vapidKeysFromValues(keys.publicKey, Buffer.alloc(32).toString('base64url'))).toThrow(/not a valid P-256 private key/);
    });

    it('takes a mailto: or https: subject only', () => {
      expect(checkVapidSubject('mailto:ops@example.com')).toBe('mailto:ops@example.com');
      expect(checkVapidSubject('https://example.com/contact')).toBe('https://example.com/contact');
      for (const subject of ['ops@example.com', 'mailto:nobody', 'http://example.com', '']) {
        expect(() => checkVapidSubject(subject)).toThrow(/VAPID_SUBJECT must be/);
      }
    });
  });

  it(
    'a server with a data directory announces the kept key, also after a restart',
    async () => {
      const { dataDir: dir, options } = await storage();
      let server = await startTestServer({ ...options, seedOrders: 0 });
      try {
        const kept = JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8')) as { publicKey: string };
        expect((await configOf(server)).vapidPublicKey).toBe(kept.publicKey);
        await server.close();
        server = await startTestServer({ ...options, seedOrders: 0 });
        expect((await configOf(server)).vapidPublicKey).toBe(kept.publicKey);
        const { token } = await login(server, GERMAN_EMAIL);
        expect(await (await call(server, '/api/push/public-key', { token })).json()).toEqual({ publicKey: kept.publicKey });
      } finally {
        await server.close();
      }
    },
    STARTUP_TIMEOUT_MS * 2,
  );

  it('a server refuses keys that do not match, or a bad subject, before it opens the database', async () => {
    const configured = randomVapidKeys();
    await expect(startTestServer({ vapidKeys: { publicKey: configured.publicKey, privateKey: randomVapidKeys().privateKey } })).rejects.toThrow(
      /is not the public key of/,
    );
    const dir = tempDir();
    await expect(startTestServer({ database: dir, vapidSubject: 'ops@example.com' })).rejects.toThrow(/^VAPID_SUBJECT must be/);
    expect(existsSync(path.join(dir, 'vapid-keys.json'))).toBe(false);
  });

  describe('from the environment of server/main.ts', () => {
    const children: ChildProcess[] = [];
    const run = (env: Record<string, string>) => {
      const child = spawn(path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPOSITORY_ROOT, 'server', 'main.ts')], {
        env: { ...process.env, SEED_ORDERS: '0', SIMULATE: '0', PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, exited, output: () => ({ stdout, stderr }) };
    };

    afterAll(() => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    it(
      'takes VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT instead of keeping keys',
      async () => {
        const { env, dataDir } = await storage();
        const keys = randomVapidKeys();
        const program = run({ ...env, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' });
        const deadline = Date.now() + STARTUP_TIMEOUT_MS;
        let port: string | undefined;
        while (!port) {
          if (Date.now() > deadline || program.child.exitCode !== null) throw new Error(`not started: ${JSON.stringify(program.output())}`);
          port = /running at http:\/\/localhost:(\d+)/.exec(program.output().stdout)?.[1];
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect((await configOf(`http://127.0.0.1:${port}`)).vapidPublicKey).toBe(keys.publicKey);
        expect(existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(false);
        program.child.kill('SIGTERM');
        expect(await program.exited).toBe(0);
      },
      STARTUP_TIMEOUT_MS,
    );

    it(
      'refuses to start with only one of the two keys, or a bad subject',
      async () => {
        const onlyPublic = run({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: randomVapidKeys().publicKey });
        expect(await onlyPublic.exited).toBe(1);
        expect(onlyPublic.output().stderr).toContain('Cannot start: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
        const badSubject = run({ DATA_DIR: tempDir(), VAPID_SUBJECT: 'ops@example.com' });
        expect(await badSubject.exited).toBe(1);
        expect(badSubject.output().stderr).toContain('Cannot start: VAPID_SUBJECT must be a mailto: address or an https: URL');
      },
      STARTUP_TIMEOUT_MS,
    );
  });
});
