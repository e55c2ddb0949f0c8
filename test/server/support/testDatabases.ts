import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadMigrations, migrate } from '../../../server/db/migrate';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';

/**
 * Fresh databases on the PostgreSQL server of the tests (TEST_DATABASE_URL), one per backend started:
 * files running side by side in jest's workers never see each other's data.
 *
 *   const database = await createTestDatabase();   // migrated, no data; { migrated: false }: empty
 *   startServer({ databaseUrl: database.url, … }); // or DATABASE_URL: database.url for server/main.ts
 *   await database.drop();                         // ends its connections and drops it
 *
 * A database is a copy of a template that the first caller migrates (named after the migrations, so a
 * change to them makes a new one): copying takes a fraction of what migrating does.
 */
export interface TestDatabase {
  name: string;
  /** The connection string of this database. */
  url: string;
  /** Drops it (its connections are ended first). */
  drop(): Promise<void>;
}

const NAME_PREFIX = 'cockpit_test_';

/** The PostgreSQL server of the tests, where they may create and drop databases. */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) {
    throw new Error(
      'The backend tests on PostgreSQL need TEST_DATABASE_URL (a server where they may create and drop databases), ' +
        'or a throwaway server: node scripts/throwawayPostgres.mjs npx jest --selectProjects server-postgres',
    );
  }
  return url;
}

/** The URL of another database on the same server. */
export function urlOfDatabase(name: string, serverUrl = testServerUrl()): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>, serverUrl = testServerUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `cockpit_template_<hash of the migrations>`. */
export function templateName(): string {
  const hash = createHash('sha256');
  for (const migration of loadMigrations()) hash.update(`${migration.version}\0${migration.sql}\0`);
  return `cockpit_template_${hash.digest('hex').slice(0, 16)}`;
}

let template: Promise<string> | undefined;

/** The migrated template, made once per server (under an advisory lock, so parallel workers make it once). */
export function ensureTemplate(): Promise<string> {
  template ??= (async () => {
    const name = templateName();
    await withAdmin(async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (existing.rowCount) return;
        // Built under another name and renamed when complete: a run killed meanwhile leaves no half template.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${quoted(building)} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${quoted(building)}`);
        const database = await PostgresDatabase.open(urlOfDatabase(building), 1);
        try {
          await migrate(database);
        } finally {
          await database.close();
        }
        await admin.query(`ALTER DATABASE ${quoted(building)} RENAME TO ${quoted(name)}`);
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    return name;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/** This run's databases start with this prefix (the project's global setup sets COCKPIT_TEST_RUN). */
export function runPrefix(): string {
  return `${NAME_PREFIX}${process.env.COCKPIT_TEST_RUN ?? 'adhoc'}_`;
}

/** A database of its own: a copy of the migrated template, or with `migrated: false` an empty one. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const source = options.migrated === false ? 'template0' : await ensureTemplate();
  const name = `${runPrefix()}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    // PostgreSQL 15 copies a template through the WAL by default; copying its files is several times faster.
    const { rows } = await admin.query<{ version: number }>("SELECT current_setting('server_version_num')::int AS version");
    const strategy = (rows[0]?.version ?? 0) >= 150_000 ? ' STRATEGY FILE_COPY' : '';
    await admin.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(source)}${strategy}`);
  });
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: urlOfDatabase(name),
    drop: () => {
      dropped ??= withAdmin(async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
      });
      return dropped;
    },
  };
}

/** Drops the databases whose names start with `prefix` (what a run left behind), and answers how many. */
export async function dropTestDatabases(prefix: string, serverUrl = testServerUrl()): Promise<number> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
    return rows.length;
  }, serverUrl);
}
