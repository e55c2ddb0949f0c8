import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgliteDatabase } from '../../../server/db/PgliteDatabase';
import { loadMigrations } from '../../../server/db/migrate';
import { ensureMigratedDump } from '../support/embeddedDump';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';

// The embedded engine alone (jest.config.js leaves it out of server-postgres): how its worker prepares statements.
describe('PgliteDatabase', () => {
  let db: PgliteDatabase;

  beforeAll(async () => {
    db = await PgliteDatabase.open();
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => db?.close());

  it('runs each statement text as one prepared statement with a generic plan (planned once, not per execution)', async () => {
    const sql = 'SELECT $1::int + 1 AS next';
    for (let i = 0; i < 3; i++) {
      expect(await db.query(sql, [i])).toEqual([{ next: i + 1 }]);
    }
    const statements = await db.query('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1', [sql]);
    expect(statements).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  });

  it('answers a statement whose prepared form was dropped (DEALLOCATE ALL)', async () => {
    expect(await db.query('SELECT $1::text AS echo', ['a'])).toEqual([{ echo: 'a' }]);
    await db.exec('DEALLOCATE ALL');
    expect(await db.query('SELECT $1::text AS echo', ['b'])).toEqual([{ echo: 'b' }]);
  });

  it('keeps at most 500 prepared statements, closing the least recently used', async () => {
    const kept = 'SELECT 7 AS kept';
    await db.query(kept);
    for (let i = 0; i < 520; i++) {
      await db.query(`SELECT ${i} AS n`);
      if (i % 100 === 0) await db.query(kept);
    }
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(count?.n).toBeLessThanOrEqual(500);
    expect(await db.query('SELECT 1 FROM pg_prepared_statements WHERE statement = $1', [kept])).toHaveLength(1);
    expect(await db.query('SELECT 1 FROM pg_prepared_statements WHERE statement = $1', ['SELECT 0 AS n'])).toHaveLength(0);
    expect(await db.query('SELECT 0 AS n')).toEqual([{ n: 0 }]);
  });

  it('runs prepared statements inside transactions, and rolls them back', async () => {
    await db.exec('CREATE TABLE booked (id int)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO booked VALUES ($1)', [1]);
        await tx.query('INSERT INTO booked VALUES ($1)', ['not a number']);
      }),
    ).rejects.toMatchObject({ code: '22P02' });
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO booked VALUES ($1)', [2]);
    });
    expect(await db.query('SELECT id FROM booked')).toEqual([{ id: 2 }]);
  });
});

describe('PgliteDatabase copied from a dump', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cockpit-dump-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a database in memory as a copy of the dumped one, which its own changes leave alone', async () => {
    const file = path.join(dir, 'dump.tar');
    const original = await PgliteDatabase.open();
    try {
      await original.exec("CREATE TABLE kept (name text); INSERT INTO kept VALUES ('first')");
      await original.dumpTo(file);
    } finally {
      await original.close();
    }
    const copy = await PgliteDatabase.open(undefined, { from: file });
    const other = await PgliteDatabase.open(undefined, { from: file });
    try {
      await copy.exec("INSERT INTO kept VALUES ('second')");
      expect(await copy.query('SELECT name FROM kept ORDER BY name')).toEqual([{ name: 'first' }, { name: 'second' }]);
      expect(await other.query('SELECT name FROM kept')).toEqual([{ name: 'first' }]);
      expect(readdirSync(dir)).toEqual(['dump.tar']);
    } finally {
      await copy.close();
      await other.close();
    }
  }, STARTUP_TIMEOUT_MS);

  it('refuses to open from a file that is not there, naming the problem', async () => {
    await expect(PgliteDatabase.open(undefined, { from: path.join(dir, 'missing.tar') })).rejects.toThrow(/cannot open the embedded database: .*missing\.tar/);
  });
});

describe("the backend tests' migrated dump", () => {
  it('is a database with every migration applied, so a server started from it migrates nothing', async () => {
    const database = await PgliteDatabase.open(undefined, { from: await ensureMigratedDump() });
    try {
      const applied = await database.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(applied.map((row) => row.version)).toEqual(loadMigrations().map((migration) => migration.version));
    } finally {
      await database.close();
    }
  }, STARTUP_TIMEOUT_MS);
});
