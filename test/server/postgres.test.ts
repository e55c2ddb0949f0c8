import pg from 'pg';
import type { RunningServer } from '../../server/startServer';
import type { OrderPage } from '../../src/domain/model/Order';
import type { User } from '../../src/domain/model/User';
import { seededRange, withRange } from './support/orderRange';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from './support/testServer';

/**
 * The same backend on a PostgreSQL server instead of the embedded database. Runs only when
 * TEST_DATABASE_URL names a database that may be wiped: its `public` schema is dropped first.
 */
const url = process.env.TEST_DATABASE_URL;
const describeWithPostgres = url ? describe : describe.skip;

describeWithPostgres('on PostgreSQL (TEST_DATABASE_URL)', () => {
  let server: RunningServer | undefined;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await client.end();
  });

  afterAll(() => server?.close());

  it(
    'migrates, seeds once, signs in, lists, changes and revokes as on the embedded database',
    async () => {
      server = await startTestServer({ databaseUrl: url, seedOrders: 30 });
      expect(server.seeded).toBe(true);
      const { token, user } = await login(server, GERMAN_EMAIL.toUpperCase());
      expect(user.tenant.name).toBe('Autohaus Nord');

      const seeded = seededRange();
      const first = (await (await call(server, withRange('/api/orders?limit=20', seeded), { token })).json()) as OrderPage;
      expect(first.total).toBe(30);
      expect(first.items[0]?.begin).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(typeof first.items[0]?.price.amount).toBe('number');
      const second = (await (await call(server, withRange(`/api/orders?limit=20&cursor=${first.nextCursor}`, seeded), { token })).json()) as OrderPage;
      expect(second.items).toHaveLength(10);
      const begins = [...first.items, ...second.items].map((order) => Date.parse(order.begin));
      expect(begins).toEqual([...begins].sort((a, b) => b - a));

      // Totals by status (per-day counts kept by triggers), the detail, a change under If-Match, the export.
      const all = [...first.items, ...second.items];
      const completed = all.filter((order) => order.status === 'completed').length;
      const range = `begin=${encodeURIComponent(all[all.length - 1]?.begin ?? '')}&end=${encodeURIComponent(all[0]?.end ?? '')}`;
      const byStatus = (await (await call(server, `/api/orders?${range}&status=completed&limit=1`, { token })).json()) as OrderPage;
      expect(byStatus.total).toBe(completed);
      const target = all.find((order) => order.status === 'new' || order.status === 'confirmed') ?? (all[0] as (typeof all)[number]);
      const detail = await call(server, `/api/orders/${target.id}`, { token });
      expect(detail.headers.get('etag')).toBe(`"${target.version}"`);
      const headers = { 'if-match': `"${target.version}"` };
      const changed = await call(server, `/api/orders/${target.id}`, { method: 'PATCH', token, headers, body: { notes: 'auf PostgreSQL' } });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as { version: number }).version).toBe(target.version + 1);
      await expectProblem(await call(server, `/api/orders/${target.id}`, { method: 'PATCH', token, headers, body: { notes: 'zu spät' } }), 412);
      const csv = await (await call(server, withRange('/api/orders/export.csv?sort=number', seeded), { token })).text();
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(31);
      expect(csv).toContain('auf PostgreSQL');

      const british = await login(server, BRITISH_EMAIL);
      const theirs = (await (await call(server, withRange('/api/orders?limit=500', seeded), { token: british.token })).json()) as OrderPage;
      expect(theirs.total).toBe(30);
      const ours = new Set([...first.items, ...second.items].map((order) => order.id));
      expect(theirs.items.some((order) => ours.has(order.id))).toBe(false);

      const patched = await call(server, '/api/me', { method: 'PATCH', token, body: { language: 'en', theme: { color1: null } } });
      expect(((await patched.json()) as User).theme).toEqual({ color2: '#1f6feb', color3: '#d9480f' });
      await expectProblem(await call(server, '/api/me', { method: 'PATCH', token, body: { language: 'xx' } }), 422);

      expect((await call(server, '/api/auth/logout', { method: 'POST', token })).status).toBe(204);
      await expectProblem(await call(server, '/api/me', { token }), 401);
      await server.close();

      server = await startTestServer({ databaseUrl: url, seedOrders: 30 });
      expect(server.seeded).toBe(false);
      const again = await login(server, GERMAN_EMAIL);
      expect(again.user.language).toBe('en');
      expect((await call(server, '/readyz')).status).toBe(200);
    },
    STARTUP_TIMEOUT_MS,
  );
});
