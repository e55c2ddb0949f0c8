import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/Database';
import { PgliteDatabase } from '../db/PgliteDatabase';

/**
 * A name for one backend (one app) among all on the database, as leases and push claims record it:
 * host, process id and a random part (tests run several apps in one process), e.g. `web-1:4711:3f2a9c1d`.
 */
export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Whether other processes may share the database: a PostgreSQL server, yes; the embedded database,
 * whose files only one process can open, no. What several processes must agree on (rate limits) is
 * kept in the database then, and in memory otherwise.
 */
export function sharedByProcesses(db: Database): boolean {
  return !(db instanceof PgliteDatabase);
}
