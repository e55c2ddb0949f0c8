import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runPrefix } from './testDatabases';
import { TEST_ENGINE } from './testEngine';

/**
 * The PostgreSQL server the tests that need one run on (any database on it: a scratch database is
 * created beside it): `TEST_DURABLE_DATABASE_URL`, else `TEST_DATABASE_URL`. `npm test` names a server
 * with PostgreSQL's default durability as the first (scripts/throwawayPostgres.mjs): the tests of
 * several processes, which use scratch databases, prove what holds of commits as a deployment makes
 * them. By hand:
 *
 *   TEST_DATABASE_URL=postgresql://user@127.0.0.1:5432/postgres npx jest --selectProjects server-postgres -- test/server/x.test.ts
 *
 * Unlike testDatabases.ts (copies of a migrated template for one backend each), a scratch database is
 * empty: the processes under test migrate and seed it themselves, as they would in production.
 */
export const TEST_DATABASE_URL = process.env.TEST_DURABLE_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL;

const MISSING_SERVER =
  'TEST_DATABASE_URL is not set: these tests need a PostgreSQL server on which they may create databases ' +
  '(npm test brings one up; by hand: node scripts/throwawayPostgres.mjs npx jest …, or ' +
  'TEST_DATABASE_URL=postgresql://user@127.0.0.1:5432/postgres).';

/**
 * `describe` for tests that need a PostgreSQL server: they run in the jest project `server-postgres`
 * (testEngine.ts) and are left to it by `server`, the embedded engine's run; without `TEST_DATABASE_URL`
 * they fail with one test that says so (never skipped quietly).
 */
export function describeOnPostgres(name: string, tests: () => void): void {
  if (TEST_ENGINE !== 'postgres') {
    return;
  }
  if (TEST_DATABASE_URL) {
    describe(name, tests);
  } else {
    describe(name, () => {
      it('needs a PostgreSQL server (TEST_DATABASE_URL)', () => {
        throw new Error(MISSING_SERVER);
      });
    });
  }
}

/** A database of its own on the test server, dropped by `drop()` (connections still open are ended). */
export interface ScratchDatabase {
  /** Connection string of the new database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  if (!TEST_DATABASE_URL) {
    throw new Error(MISSING_SERVER);
  }
  return TEST_DATABASE_URL;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database with a unique name (`cockpit_test_<run>_<prefix>_…`; `prefix`: letters, digits, `_`). */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(prefix)) {
    throw new Error(`a database prefix is lower-case letters, digits and _, not "${prefix}"`);
  }
  // Named as the run's other databases: what a test leaves behind is dropped at the end of the run.
  const name = `${runPrefix()}${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    name,
    drop: () => {
      dropped ??= onServer(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
      return dropped;
    },
  };
}
