import type { Database } from '../db/Database';
import { PostgresDatabase } from '../db/PostgresDatabase';

/** What rate-limiter-flexible sends its statements to: a `pg` Pool, or anything that queries like one. */
export interface LimitPool {
  query(query: { text: string; values?: unknown[]; name?: string }): Promise<unknown>;
}

/**
 * Where rate limits are counted: in this process (`memory`), or in the `rate_limits` table of a
 * PostgreSQL server (`postgres`, migration 020), where every backend process on it counts into the
 * same rows, so that N processes let through what one would.
 */
export type LimitStore = { readonly kind: 'memory' } | { readonly kind: 'postgres'; readonly pool: LimitPool };

export const MEMORY_STORE: LimitStore = { kind: 'memory' };

/**
 * The store for the limits of a backend on `database`: a PostgreSQL server, which other processes may
 * share, keeps them in its table (through the database's own pool); the embedded database, which one
 * process opens, leaves them in memory.
 */
export function limitStoreOf(database: Database): LimitStore {
  return database instanceof PostgresDatabase ? { kind: 'postgres', pool: database.libraryPool } : MEMORY_STORE;
}
