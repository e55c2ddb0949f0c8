import pg from 'pg';
import { BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { DEMO_PASSWORD, GERMAN_EMAIL } from '../support/testServer';

describeOnPostgres('backend processes on one PostgreSQL database (the harness)', () => {
  let database: ScratchDatabase;
  let backends: BackendProcesses | undefined;

  beforeAll(async () => {
    database = await createScratchDatabase('hub_harness');
  });

  afterAll(async () => {
    await backends?.stopAll();
    await database?.drop();
  });

  it('runs them on a server with the default durability of PostgreSQL, as a deployment does', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const settings = await client.query<{ name: string; setting: string }>(
        `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes') ORDER BY name`,
      );
      expect(settings.rows).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'full_page_writes', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
      ]);
    } finally {
      await client.end();
    }
  });

  it(
    'starts real processes that share the token key, and stops them cleanly or kills them',
    async () => {
      backends = await BackendProcesses.start(2, { databaseUrl: database.url });
      const [a, b] = [backends.at(0), backends.at(1)];
      expect(a.pid).not.toBe(b.pid);
      expect(a.port).not.toBe(b.port);

      const signedIn = await fetch(`${a.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: GERMAN_EMAIL, password: DEMO_PASSWORD }),
      });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };
      // Signed by A, taken by B: the processes share JWT_SECRET.
      const me = await fetch(`${b.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);

      expect(await a.stop()).toEqual({ code: 0, signal: null });
      expect(a.output).toContain('Stopped.');
      expect(await b.kill()).toEqual({ code: null, signal: 'SIGKILL' });
      expect(a.isRunning || b.isRunning).toBe(false);
      await expect(fetch(`${b.url}/healthz`)).rejects.toThrow();
    },
    3 * PROCESS_START_TIMEOUT_MS,
  );
});
