import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './Database';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const FILE_NAME = /^(\d+)_([\w-]+)\.sql$/;
/**
 * Any fixed number: holders of this transaction-level advisory lock are changing the schema or
 * creating the demo data (seed/seedDemoData.ts), which processes starting together do one at a time.
 */
export const SCHEMA_LOCK = 7_372_001;

/** The migrations in `server/db/migrations`, named `<version>_<name>.sql`, in version order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .map((file) => ({ file, match: FILE_NAME.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: Number(match[1]),
      name: match[2] ?? file,
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction that first
 * takes the advisory lock `SCHEMA_LOCK`: of several processes starting together against one
 * PostgreSQL, one migrates while the others wait, and they then find every migration recorded (the
 * lock also covers creating `schema_migrations`, which two sessions must not do at once). A failing
 * migration leaves the schema as it was. Returns the versions applied now.
 */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<number[]> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const recorded = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(recorded.map((row) => Number(row.version)));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) {
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}
