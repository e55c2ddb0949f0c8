import { type Database, DatabaseError } from '../../../server/db/Database';
import { genericPlans } from '../../../server/db/PostgresDatabase';
import { openTestDatabase, TEST_ENGINE } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';

/** The database port (server/db/Database.ts) as both adapters answer it: PGlite, and pg on a PostgreSQL server. */
describe(`the database port on ${TEST_ENGINE}`, () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase({ migrated: false });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => db?.close());

  it('answers values typed as the port promises: timestamps as ISO strings in UTC, bigint as numbers', async () => {
    const [row] = await db.query(
      `SELECT $1::timestamptz AS at, 9007199254740991::bigint AS big, 42::int AS int, 1.5::numeric AS decimal, true AS yes,
              NULL::text AS nothing, ''::text AS empty, $2::text AS text, '{"a":[1,2]}'::jsonb AS document,
              ARRAY['a', 'b,c']::text[] AS list, interval '90 minutes' AS span, '6f1c0b7e-1111-4a4a-9a9a-123456789abc'::uuid AS id`,
      ['2026-09-22T07:00:00.123+02:00', 'Müller – „Zitat“ 東京 😀'],
    );
    expect(row).toEqual({
      at: '2026-09-22T05:00:00.123Z',
      big: 9007199254740991,
      int: 42,
      decimal: '1.5',
      yes: true,
      nothing: null,
      empty: '',
      text: 'Müller – „Zitat“ 東京 😀',
      document: { a: [1, 2] },
      list: ['a', 'b,c'],
      span: '01:30:00',
      id: '6f1c0b7e-1111-4a4a-9a9a-123456789abc',
    });
  });

  it('answers every row of a long answer, also one larger than its first buffer', async () => {
    const rows = await db.query<{ n: number; text: string }>(`SELECT n, repeat('ä', 300) AS text FROM generate_series(1, 2000) AS n`);
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ n: 2000, text: 'ä'.repeat(300) });
    const [one] = await db.query<{ text: string }>(`SELECT repeat('x', 5000000) AS text`);
    expect(one?.text).toHaveLength(5_000_000);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it("reports a failed statement with PostgreSQL's message and SQLSTATE, and goes on answering", async () => {
    await db.exec('CREATE TABLE failing (id int PRIMARY KEY)');
    await db.query('INSERT INTO failing VALUES ($1)', [1]);
    const duplicate = db.query('INSERT INTO failing VALUES ($1)', [1]);
    await expect(duplicate).rejects.toBeInstanceOf(DatabaseError);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key value') });
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELECT $1::int AS n', ['x'])).rejects.toMatchObject({ code: '22P02' });
    expect(await db.query('SELECT count(*)::int AS n FROM failing')).toEqual([{ n: 1 }]);
  });

  it('answers a statement whose columns changed since it was prepared', async () => {
    await db.exec('CREATE TABLE growing (a int); INSERT INTO growing VALUES (1)');
    expect(await db.query('SELECT * FROM growing')).toEqual([{ a: 1 }]);
    await db.exec('ALTER TABLE growing ADD COLUMN b text');
    expect(await db.query('SELECT * FROM growing')).toEqual([{ a: 1, b: null }]);
  });

  it('commits a transaction whose work resolves, and rolls back one whose work throws', async () => {
    await db.exec('CREATE TABLE booked (id int)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO booked VALUES ($1)', [1]);
        await tx.query('INSERT INTO booked VALUES ($1)', ['not a number']);
      }),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO booked VALUES ($1)', [2]);
        return 'done';
      }),
    ).toBe('done');
    expect(await db.query('SELECT id FROM booked')).toEqual([{ id: 2 }]);
  });

  it('answers a statement sent prepared as it answers it otherwise, for other values each time, and after a failure', async () => {
    await db.exec('CREATE TABLE kept (id int PRIMARY KEY, at timestamptz, label text)');
    await db.query(`INSERT INTO kept SELECT n, TIMESTAMPTZ '2026-09-22 05:00:00+00' + n * interval '1 hour', 'n' || n FROM generate_series(1, 50) AS n`);
    const sql = 'SELECT id, at, label FROM kept WHERE id >= $1::int AND at <= $2::timestamptz ORDER BY id LIMIT $3::int';
    // More calls than PostgreSQL plans for the values before it considers a plan for any values.
    for (let call = 0; call < 8; call++) {
      const values = [call * 5, '2026-09-25T00:00:00.000Z', 3 + call];
      const prepared = await db.query(sql, values, { prepared: true });
      expect(prepared).toEqual(await db.query(sql, values));
      expect(prepared[0]).toEqual({ id: Math.max(1, call * 5), at: expect.stringMatching(/^2026-09-2\dT\d\d:00:00\.000Z$/), label: `n${Math.max(1, call * 5)}` });
    }
    await expect(db.query(sql, ['x', '2026-09-23T00:00:00.000Z', 3], { prepared: true })).rejects.toMatchObject({ code: '22P02' });
    expect(await db.query(sql, [49, '2027-01-01T00:00:00.000Z', 5], { prepared: true })).toEqual([
      { id: 49, at: '2026-09-24T06:00:00.000Z', label: 'n49' },
      { id: 50, at: '2026-09-24T07:00:00.000Z', label: 'n50' },
    ]);
    await expect(
      db.transaction(async (tx) => tx.query<{ id: number }>('SELECT id FROM kept WHERE id = $1::int', [7], { prepared: true })),
    ).resolves.toEqual([{ id: 7 }]);
  });

  if (TEST_ENGINE === 'postgres') {
    it('plans a statement sent prepared once for any values, and every other statement for its values', async () => {
      const setting = 'SELECT current_setting($1::text) AS mode';
      expect(await db.query(setting, ['plan_cache_mode'], { prepared: true })).toEqual([{ mode: 'force_generic_plan' }]);
      expect(await db.query(setting, ['plan_cache_mode'])).toEqual([{ mode: 'auto' }]);
    });
  }
});

describe('the connection settings for prepared statements on a PostgreSQL server', () => {
  const saved = process.env.PGOPTIONS;
  afterEach(() => {
    if (saved === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = saved;
  });

  it('add the plan mode to the options the URL or PGOPTIONS gives, and take them out of the URL', () => {
    delete process.env.PGOPTIONS;
    expect(genericPlans('postgresql://u:p%40ss@db.example:5433/cockpit?sslmode=require')).toEqual({
      connectionString: 'postgresql://u:p%40ss@db.example:5433/cockpit?sslmode=require',
      options: '-c plan_cache_mode=force_generic_plan',
    });
    expect(genericPlans('postgresql://db.example/cockpit?options=-c%20search_path%3Dcockpit&sslmode=disable')).toEqual({
      connectionString: 'postgresql://db.example/cockpit?sslmode=disable',
      options: '-c search_path=cockpit -c plan_cache_mode=force_generic_plan',
    });
    process.env.PGOPTIONS = '-c statement_timeout=5s';
    expect(genericPlans('postgresql://db.example/cockpit').options).toBe('-c statement_timeout=5s -c plan_cache_mode=force_generic_plan');
  });
});
