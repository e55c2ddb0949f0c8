import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../../server/db/Database';
import { PgliteDatabase } from '../../../server/db/PgliteDatabase';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';
import type { BackendConfig } from '../../../server/config/BackendConfig';
import { createTestDatabase } from './testDatabases';

/**
 * The database the backend tests run on. Every file of test/server runs twice: in the jest project
 * `server` on the embedded database (PGlite, in memory) and in `server-postgres` on a PostgreSQL server
 * (TEST_DATABASE_URL; `npm test` brings a throwaway one up), whose setup file `usePostgres.ts` selects it.
 * There each backend gets a database of its own (testDatabases.ts). Files about the embedded engine
 * alone are left out of `server-postgres` in jest.config.js.
 */
export type TestEngine = 'pglite' | 'postgres';

export const TEST_ENGINE: TestEngine = process.env.COCKPIT_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * `describe` for what only the embedded engine has, within a file that runs on both: defined in the
 * project `server` only, so the PostgreSQL run neither runs nor counts it as skipped (`describeOnPostgres`
 * in scratchDatabase.ts is its counterpart).
 */
export function describeOnPglite(name: string, tests: () => void): void {
  if (TEST_ENGINE === 'pglite') {
    describe(name, tests);
  }
}

/**
 * A database of the engine for a test of its own: an embedded one in memory, or a fresh database on the
 * PostgreSQL server (migrated unless `migrated: false`; the embedded one is never migrated), dropped on close.
 */
export async function openTestDatabase(options: { migrated?: boolean } = {}): Promise<Database> {
  if (TEST_ENGINE === 'pglite') {
    return PgliteDatabase.open();
  }
  const fresh = await createTestDatabase(options);
  let db: PostgresDatabase;
  try {
    db = await PostgresDatabase.open(fresh.url);
  } catch (error) {
    await fresh.drop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    query: (sql, params, options) => db.query(sql, params, options),
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    close: () => (closing ??= db.close().finally(() => fresh.drop())),
  };
}

/** Where a backend keeps its data across restarts; see `keptStorage`. */
export interface KeptStorage {
  /** The data directory: the token key, the push keys and, on the embedded engine, the database (`pgdata`). */
  dataDir: string;
  /** For `startServer`/`startTestServer`: the data directory and, on PostgreSQL, the database's URL. */
  options: Pick<Partial<BackendConfig>, 'database' | 'databaseUrl'>;
  /** For `server/main.ts`: DATA_DIR and DATABASE_URL (empty on the embedded engine). */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Removes the directory and drops the database. */
  dispose(): Promise<void>;
}

/**
 * Storage that outlives a backend, for tests that restart one: a fresh data directory and, on
 * PostgreSQL, a database of its own (migrated, so a first start finds an empty schema as on a new server).
 */
export async function keptStorage(): Promise<KeptStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cockpit-data-'));
  const database = TEST_ENGINE === 'postgres' ? await createTestDatabase() : undefined;
  return {
    dataDir,
    options: { database: dataDir, databaseUrl: database?.url },
    env: { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' },
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
