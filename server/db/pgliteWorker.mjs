// The embedded PostgreSQL (PGlite) runs in this worker thread, so that long statements such as seeding
// never block the HTTP server, and so that PGlite's WebAssembly loader runs in a plain Node context
// (also when the server is started from inside a test runner's module sandbox).
// Protocol: the parent sends { id, kind: 'query' | 'exec' | 'dump' | 'close', sql?, params? } (a dump's
// sql is the file to write) and receives
// { id, ok: true, rows } or { id, ok: false, error: { message, code } }. Dates leave as ISO strings.
//
// Every `query` runs as a named prepared statement with a generic plan (see PreparedStatements):
// planning a statement of the order list took longer than running it.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { AnswerBuffer, concat, readRows } from './pgWireAnswer.cjs';

const port = parentPort;
if (!port) {
  throw new Error('pgliteWorker.mjs must run as a worker thread');
}


/** @param {unknown} error */
function describe(error) {
  const e = /** @type {{ message?: unknown, code?: unknown }} */ (error ?? {});
  return {
    message: typeof e.message === 'string' ? e.message : String(error),
    code: typeof e.code === 'string' ? e.code : undefined,
  };
}

/** @type {string | null} */
const dataDir = workerData?.dataDir ?? null;
/** A file `dump` wrote, which a database in memory starts from. @type {string | null} */
const from = workerData?.from ?? null;

let db;
try {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
  }
  // wal_level minimal (nothing replicates from an embedded database): a bulk load into a table whose
  // storage is new in the transaction (see db/bulkLoad.ts) then writes no WAL, which makes seeding a
  // third faster. Durability is that of PGlite (it runs without fsync anyway).
  // plan_cache_mode: see PreparedStatements.
  const options = {
    loadDataDir: from ? new Blob([readFileSync(from)]) : undefined,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      'wal_level=minimal',
      '-c',
      'max_wal_senders=0',
      '-c',
      'plan_cache_mode=force_generic_plan',
    ],
  };
  db = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: describe(error) });
  port.close();
}

const { serialize } = protocol;

/** The bytes of the answer being read (requests run one at a time). */
const answer = new AnswerBuffer();

/**
 * Whether a statement failed because its prepared form is no longer usable: its result columns
 * changed under it (DDL since it was prepared), or it is gone (`DEALLOCATE ALL`, `DISCARD ALL`).
 * Prepared again, it runs.
 *
 * @param {unknown} error
 */
function stalePrepared(error) {
  const { message, code } = describe(error);
  return code === '26000' || /cached plan must not change result type/.test(message);
}

/**
 * The statements of `query` as named prepared statements, by their text: each is parsed once, and
 * each execution is one round trip into the database (bind, describe, execute, sync) instead of
 * PGlite's six. Plans are generic (`plan_cache_mode = force_generic_plan`, set at start): planned on
 * first use and then kept. The statements of this backend read a tenant's rows through indexes made
 * for their shape, whatever the values, and planning one with the values in (a custom plan) took
 * as long as running it. The least recently used statements beyond `limit` are closed.
 */
class PreparedStatements {
  /** @type {Map<string, { name: string, types: number[] }>} */
  #statements = new Map();
  #next = 1;

  /** @param {PGlite} pg @param {number} limit */
  constructor(pg, limit) {
    this.pg = pg;
    this.limit = limit;
  }

  /** @param {string} sql @param {unknown[]} params */
  async query(sql, params) {
    try {
      return await this.#run(sql, params);
    } catch (error) {
      if (!stalePrepared(error)) {
        throw error;
      }
      await this.#close(sql).catch(() => undefined);
      return this.#run(sql, params);
    }
  }

  /** @param {string} sql @param {unknown[]} params */
  async #run(sql, params) {
    const statement = await this.#prepared(sql);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) {
        return null;
      }
      // As PGlite's own query() does: by the type PostgreSQL inferred for the parameter.
      const serializer = this.pg.serializers[statement.types[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    answer.clear();
    const execution = concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    await this.pg.execProtocolRawStream(execution, { onRawData: (chunk) => answer.add(chunk) });
    return readRows(answer.bytes(), this.pg.parsers);
  }

  /** @param {string} sql */
  async #prepared(sql) {
    const known = this.#statements.get(sql);
    if (known) {
      // Most recently used last.
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    const name = `s${this.#next++}`;
    const messages = await this.pg.execProtocolStream(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      {},
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.limit) {
      const [oldest] = this.#statements.keys();
      await this.#close(oldest);
    }
    return statement;
  }

  /** @param {string} sql */
  async #close(sql) {
    const statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
      await this.pg.execProtocolStream(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {});
    }
  }
}

/** The order list builds its statement from its criteria: a few hundred variants at most. */
const statements = db ? new PreparedStatements(db, 500) : undefined;

/** Runs one request and answers it. */
async function handle(message) {
  const { id, kind, sql, params } = message;
  try {
    if (kind === 'query') {
      const result = await statements.query(sql, params ?? []);
      port.postMessage({ id, ok: true, rows: result.rows });
    } else if (kind === 'exec') {
      await db.exec(sql);
      port.postMessage({ id, ok: true, rows: [] });
    } else if (kind === 'dump') {
      const dump = await db.dumpDataDir('none');
      // Written beside and renamed, so that a reader never sees half a file.
      const partial = `${sql}.${process.pid}.partial`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, sql);
      port.postMessage({ id, ok: true, rows: [] });
    } else if (kind === 'close') {
      await db.close();
      port.postMessage({ id, ok: true, rows: [] });
      port.close();
    } else {
      port.postMessage({ id, ok: false, error: { message: `unknown request ${String(kind)}` } });
    }
  } catch (error) {
    port.postMessage({ id, ok: false, error: describe(error) });
  }
}

// Requests run strictly in the order they arrive, each after the previous one has finished; the
// parent may send the next before it has the answer to the last (it keeps transactions apart).
let chain = Promise.resolve();
port.on('message', (message) => {
  chain = chain.then(() => handle(message));
});
