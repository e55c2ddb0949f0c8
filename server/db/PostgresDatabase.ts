import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Database, DatabaseError, type Queryable, type QueryOptions, type SqlValue } from './Database';

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;
const INTERVAL = 1186;

/** Row parsing that matches the embedded database: timestamps as ISO strings, bigint as number, intervals as text. */
function parserFor(oid: number, format?: string): (value: string) => unknown {
  if (oid === TIMESTAMPTZ || oid === TIMESTAMP) {
    const parseDate = pg.types.getTypeParser(oid, 'text') as (value: string) => Date;
    return (value) => parseDate(value).toISOString();
  }
  if (oid === INT8) {
    return (value) => Number(value);
  }
  if (oid === INTERVAL) {
    return (value) => value;
  }
  return pg.types.getTypeParser(oid, (format ?? 'text') as 'text') as (value: string) => unknown;
}

const parsers = new Map<string, (value: string) => unknown>();

/** `parserFor`, made once per type: `pg` asks for the parser of every column of every answer. */
function typeParser(oid: number, format?: string): (value: string) => unknown {
  const key = `${oid}/${format ?? 'text'}`;
  let parser = parsers.get(key);
  if (parser === undefined) {
    parser = parserFor(oid, format);
    parsers.set(key, parser);
  }
  return parser;
}

function wrap(error: unknown): DatabaseError {
  const e = error as { message?: unknown; code?: unknown };
  return new DatabaseError(
    typeof e?.message === 'string' ? e.message : String(error),
    typeof e?.code === 'string' ? e.code : undefined,
  );
}

/** The name a prepared statement is kept under on a connection: one per text. */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `cockpit_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

async function run<T extends object>(
  client: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly SqlValue[],
  options?: QueryOptions,
): Promise<T[]> {
  try {
    const result = await client.query(
      options?.prepared ? { name: statementName(sql), text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] },
    );
    return result.rows as T[];
  } catch (error) {
    throw wrap(error);
  }
}

const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/**
 * The connection settings of the pool for prepared statements: those of `connectionString` with
 * `plan_cache_mode` set at connection start, beside any `options` the URL (or PGOPTIONS) gives. A
 * string that is no URL keeps its own `options` when it has some; then PostgreSQL chooses the plans.
 */
export function genericPlans(connectionString: string): { connectionString: string; options: string } {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { connectionString, options: GENERIC_PLANS };
  }
  const given = url.searchParams.get('options') ?? process.env.PGOPTIONS;
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: given ? `${given} ${GENERIC_PLANS}` : GENERIC_PLANS };
}

/**
 * A PostgreSQL server reached through `pg` connection pools (`DATABASE_URL`): one for every
 * statement, planned for its values at each call, and one for the statements sent `prepared`, kept
 * prepared on each of its connections and planned once for any values (`plan_cache_mode` is
 * `force_generic_plan` on those connections only: PostgreSQL would otherwise plan them anew for
 * each call five times, and then whenever its estimate favours the values at hand). The second
 * pool opens its connections when first used, up to the same number as the first.
 */
export class PostgresDatabase implements Database {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly preparedPool: pg.Pool,
  ) {}

  static async open(connectionString: string, maxConnections = 10): Promise<PostgresDatabase> {
    const types = { getTypeParser: typeParser as typeof pg.types.getTypeParser };
    const pool = new pg.Pool({ connectionString, max: maxConnections, types });
    const preparedPool = new pg.Pool({ ...genericPlans(connectionString), max: maxConnections, types });
    // A connection error of an idle client must not end the process; the next query reports it.
    pool.on('error', () => undefined);
    preparedPool.on('error', () => undefined);
    try {
      await run(pool, 'SELECT 1', []);
    } catch (error) {
      await Promise.all([pool.end().catch(() => undefined), preparedPool.end().catch(() => undefined)]);
      throw error;
    }
    return new PostgresDatabase(pool, preparedPool);
  }

  /** The pool of every statement, for a library that sends its own (rate-limiter-flexible, limits/LimitStore.ts). */
  get libraryPool(): pg.Pool {
    return this.pool;
  }

  query<T extends object>(sql: string, params: readonly SqlValue[] = [], options?: QueryOptions): Promise<T[]> {
    return options?.prepared ? run<T>(this.preparedPool, sql, params, options) : run<T>(this.pool, sql, params);
  }

  async exec(sql: string): Promise<void> {
    await run(this.pool, sql, []);
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw wrap(error);
    }
    const tx: Queryable = {
      // Prepared statements in a transaction too, planned as PostgreSQL chooses (this connection's default).
      query: <R extends object>(sql: string, params: readonly SqlValue[] = [], options?: QueryOptions) => run<R>(client, sql, params, options),
      exec: async (sql: string) => {
        await run(client, sql, []);
      },
    };
    try {
      await run(client, 'BEGIN', []);
      const result = await work(tx);
      await run(client, 'COMMIT', []);
      return result;
    } catch (error) {
      await run(client, 'ROLLBACK', []).catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.preparedPool.end()]);
  }
}
