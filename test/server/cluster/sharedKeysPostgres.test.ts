import { generateVAPIDKeys } from 'web-push';
import type { BackendConfig } from '../../../server/config/BackendConfig';
import { startServer, type RunningServer } from '../../../server/startServer';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS } from '../support/testServer';

/**
 * Backend processes on one PostgreSQL server sign tokens and push messages with the same keys
 * (cluster/sharedKeys.ts): without settings they share the first one's, and one started with a key
 * other than the running ones' refuses to start, naming the setting.
 */
describeOnPostgres('keys shared by the processes on one PostgreSQL server', () => {
  let scratch: ScratchDatabase;
  const running: RunningServer[] = [];

  const start = async (options: Partial<BackendConfig> = {}): Promise<RunningServer> => {
    const server = await startServer({ databaseUrl: scratch.url, seedOrders: 0, staticDir: '/nonexistent/order-cockpit-dist', ...options });
    running.push(server);
    return server;
  };
  const stop = async (server: RunningServer) => {
    running.splice(running.indexOf(server), 1);
    await server.close();
  };
  /** The VAPID public key a console signed in at `server` subscribes with. */
  const publicKey = async (server: RunningServer): Promise<string> => {
    const response = await call(server, '/api/push/public-key', { token: (await login(server, GERMAN_EMAIL)).token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { publicKey: string }).publicKey;
  };

  beforeEach(async () => {
    scratch = await createScratchDatabase('shared_keys');
  }, STARTUP_TIMEOUT_MS);

  afterEach(async () => {
    for (const server of running.splice(0)) await server.close();
    await scratch.drop();
  }, STARTUP_TIMEOUT_MS);

  it('gives processes without key settings the keys of the first: a token of one is good at the other, and both push with one key', async () => {
    const first = await start();
    const second = await start();
    const { token } = await login(first, GERMAN_EMAIL);
    expect((await call(second, '/api/me', { token })).status).toBe(200);
    expect(await publicKey(second)).toBe(await publicKey(first));

    // A process started later, when the first two are gone, still has them: the keys live in the database.
    await stop(first);
    await stop(second);
    const later = await start();
    expect((await call(later, '/api/me', { token })).status).toBe(200);
  }, STARTUP_TIMEOUT_MS);

  it('refuses to start a process whose JWT_SECRET differs from the running ones\', or that has none where they have one; with none running, its key is taken', async () => {
    const secret = 'a'.repeat(40);
    const first = await start({ jwtSecret: secret });
    const same = await start({ jwtSecret: secret });
    const { token } = await login(first, GERMAN_EMAIL);
    expect((await call(same, '/api/me', { token })).status).toBe(200);

    await expect(start({ jwtSecret: 'b'.repeat(40) })).rejects.toThrow(/^JWT_SECRET: not the key the backend processes already running on this database use/);
    await expect(start()).rejects.toThrow(/^JWT_SECRET: the backend processes already running on this database have it set; set the same here/);

    // The way to change the key: stop them all, start with the new one.
    await stop(first);
    await stop(same);
    const renewed = await start({ jwtSecret: 'b'.repeat(40) });
    expect((await call(renewed, '/api/me', { token })).status).toBe(401);
  }, STARTUP_TIMEOUT_MS);

  it('refuses to start a process whose VAPID pair differs from the running ones\'', async () => {
    const pair = generateVAPIDKeys();
    const first = await start({ vapidKeys: pair });
    expect(await publicKey(await start({ vapidKeys: pair }))).toBe(pair.publicKey);
    await expect(start({ vapidKeys: generateVAPIDKeys() })).rejects.toThrow(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: not the key/);
    await expect(start()).rejects.toThrow(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: the backend processes already running/);
    expect(await publicKey(first)).toBe(pair.publicKey);
  }, STARTUP_TIMEOUT_MS);
});
