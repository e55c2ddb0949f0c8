import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PgliteDatabase } from '../../../server/db/PgliteDatabase';
import { migrate } from '../../../server/db/migrate';
import { REPOSITORY_ROOT } from '../../../server/startServer';

const MIGRATIONS_DIR = path.join(REPOSITORY_ROOT, 'server', 'db', 'migrations');

const CACHE_DIR = path.join(REPOSITORY_ROOT, 'node_modules', '.cache', 'order-cockpit');

/** A name for what the migrations and the PGlite version make: a changed migration or engine makes a new one. */
function migratedKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version);
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The file of a freshly migrated embedded database that the backend tests' servers start from
 * (`startServer({ memoryFromDump })`): creating an embedded database takes seconds, copying one a
 * fraction of that. Kept under node_modules/.cache across runs.
 */
export function migratedDumpFile(): string {
  return path.join(CACHE_DIR, `pglite-migrated-${migratedKey()}.tar`);
}

/**
 * The folder of a freshly migrated embedded database on disk, which the browser tests' backends
 * start with as their `pgdata` (test/browser/support/startCockpit.ts) instead of creating one.
 */
export function migratedDataFolder(): string {
  return path.join(CACHE_DIR, `pgdata-migrated-${migratedKey()}`);
}

/** Writes `migratedDataFolder()` unless it is there: a database in a folder, migrated, closed. */
export async function ensureMigratedDataFolder(): Promise<string> {
  const folder = migratedDataFolder();
  if (existsSync(folder)) {
    return folder;
  }
  const partial = `${folder}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const database = await PgliteDatabase.open(partial);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  try {
    renameSync(partial, folder);
  } catch (error) {
    // Another run made it meanwhile (browser tests run in two lanes at once): theirs serves.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return folder;
}

/** Copies the migrated folder (see `ensureMigratedDataFolder`) to `pgdata`, where the embedded database opens it. */
export function copyMigratedDataFolder(pgdata: string): void {
  cpSync(migratedDataFolder(), pgdata, { recursive: true });
}

/** Writes `migratedDumpFile()` unless it is there: a database in memory, migrated, dumped. */
export async function ensureMigratedDump(): Promise<string> {
  const file = migratedDumpFile();
  if (existsSync(file)) {
    return file;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const database = await PgliteDatabase.open();
  try {
    await migrate(database);
    await database.dumpTo(file);
  } finally {
    await database.close();
  }
  return file;
}
