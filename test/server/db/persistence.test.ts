import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../../../server/startServer';
import type { OrderPage } from '../../../shared/Order';
import type { User } from '../../../shared/User';
import { seededRange, withRange } from '../support/orderRange';
import { type KeptStorage, keptStorage, TEST_ENGINE } from '../support/testEngine';
import { call, GERMAN_ADMIN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

/** A data directory, and on PostgreSQL a database kept between the starts (the embedded engine keeps it in the directory). */
describe('a data directory', () => {
  let storage: KeptStorage;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    storage = await keptStorage();
  });

  afterAll(async () => {
    await server?.close();
    await storage?.dispose();
  });

  it(
    'keeps data and the token key across a restart',
    async () => {
      const { dataDir, options } = storage;
      server = await startTestServer({ ...options, seedOrders: 20 });
      expect(server.seeded).toBe(true);
      const keyFile = path.join(dataDir, 'jwt-secret');
      expect(existsSync(keyFile)).toBe(true);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const key = readFileSync(keyFile, 'utf8');
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(TEST_ENGINE === 'pglite');

      // The admin: the colours below are an admin's to set.
      const { token } = await login(server, GERMAN_ADMIN_EMAIL);
      const revoked = (await login(server, GERMAN_ADMIN_EMAIL)).token;
      expect((await call(server, '/api/auth/logout', { method: 'POST', token: revoked })).status).toBe(204);
      const patched = await call(server, '/api/me', { method: 'PATCH', token, body: { language: 'en', colorScheme: 'dark', theme: { color2: '#123' } } });
      expect(patched.status).toBe(200);
      const orders = withRange('/api/orders?limit=500', seededRange());
      const before = (await (await call(server, orders, { token })).json()) as OrderPage;
      expect(before.total).toBe(20);
      await server.close();
      server = undefined;

      server = await startTestServer({ ...options, seedOrders: 20 });
      expect(server.seeded).toBe(false);
      expect(readFileSync(keyFile, 'utf8')).toBe(key);

      const me = await call(server, '/api/me', { token });
      expect(me.status).toBe(200);
      const user = (await me.json()) as User;
      expect(user.language).toBe('en');
      expect(user.colorScheme).toBe('dark');
      expect(user.theme).toEqual({ color1: '#0b3d91', color2: '#123', color3: '#c2410c' });

      const after = (await (await call(server, orders, { token })).json()) as OrderPage;
      expect(after).toEqual(before);
      expect((await call(server, '/api/me', { token: revoked })).status).toBe(401);
    },
    STARTUP_TIMEOUT_MS * 2,
  );
});
