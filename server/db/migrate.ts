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
/** Any fixed number: holders of this advisory lock are migrating. */
const MIGRATION_LOCK = 7_372_001;

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
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction.
 * Returns the versions applied now.
 */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<number[]> {
  await database.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await database.transaction(async (tx) => {
      // Several servers may start against one PostgreSQL: the lock lets one migrate at a time.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const existing = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (existing.length > 0) {
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) {
      applied.push(migration.version);
    }
  }
  return applied;
}
