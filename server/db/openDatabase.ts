import path from 'node:path';
import type { Database } from './Database';
import { PgliteDatabase } from './PgliteDatabase';
import { PostgresDatabase } from './PostgresDatabase';

/** Where the data lives: PostgreSQL at a URL, the embedded database in a directory, or memory (tests). */
export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'embedded'; dataDir: string }
  /** `from`: a file `PgliteDatabase.dumpTo` wrote, which the database starts as a copy of. */
  | { kind: 'memory'; from?: string };

/** Opens the database; the embedded one keeps its files in `<dataDir>/pgdata`. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  switch (location.kind) {
    case 'postgres':
      return PostgresDatabase.open(location.url);
    case 'embedded':
      return PgliteDatabase.open(path.join(location.dataDir, 'pgdata'));
    case 'memory':
      return PgliteDatabase.open(undefined, { from: location.from });
  }
}
