import pg from 'pg';
import { type Database, DatabaseError, type Queryable, type SqlValue } from './Database';

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;
const INTERVAL = 1186;

/** Row parsing that matches the embedded database: timestamps as ISO strings, bigint as number, intervals as text. */
function typeParser(oid: number, format?: string): (value: string) => unknown {
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

function wrap(error: unknown): DatabaseError {
  const e = error as { message?: unknown; code?: unknown };
  return new DatabaseError(
    typeof e?.message === 'string' ? e.message : String(error),
    typeof e?.code === 'string' ? e.code : undefined,
  );
}

async function run<T extends object>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly SqlValue[]): Promise<T[]> {
  try {
    const result = await client.query(sql, params as unknown[]);
    return result.rows as T[];
  } catch (error) {
    throw wrap(error);
  }
}

/** A PostgreSQL server reached through a `pg` connection pool (`DATABASE_URL`). */
export class PostgresDatabase implements Database {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(connectionString: string, maxConnections = 10): Promise<PostgresDatabase> {
    const pool = new pg.Pool({
      connectionString,
      max: maxConnections,
      types: { getTypeParser: typeParser as typeof pg.types.getTypeParser },
    });
    // A connection error of an idle client must not end the process; the next query reports it.
    pool.on('error', () => undefined);
    try {
      await run(pool, 'SELECT 1', []);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresDatabase(pool);
  }

  query<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return run<T>(this.pool, sql, params);
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
      query: <R extends object>(sql: string, params: readonly SqlValue[] = []) => run<R>(client, sql, params),
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
    await this.pool.end();
  }
}
