// The embedded PostgreSQL (PGlite) runs in this worker thread, so that long statements such as seeding
// never block the HTTP server, and so that PGlite's WebAssembly loader runs in a plain Node context
// (also when the server is started from inside a test runner's module sandbox).
// Protocol: the parent sends { id, kind: 'query' | 'exec' | 'close', sql?, params? } and receives
// { id, ok: true, rows } or { id, ok: false, error: { message, code } }. Dates leave as ISO strings.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) {
  throw new Error('pgliteWorker.mjs must run as a worker thread');
}

/** @param {unknown} value */
function plain(value) {
  return value instanceof Date ? value.toISOString() : value;
}

/** @param {Record<string, unknown>} row */
function plainRow(row) {
  /** @type {Record<string, unknown>} */
  const result = {};
  for (const [key, value] of Object.entries(row)) {
    result[key] = plain(value);
  }
  return result;
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

let db;
try {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
  }
  // wal_level minimal (nothing replicates from an embedded database): a bulk load into a table whose
  // storage is new in the transaction (see db/bulkLoad.ts) then writes no WAL, which makes seeding a
  // third faster. Durability is that of PGlite (it runs without fsync anyway).
  const options = { startParams: [...PGlite.defaultStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'] };
  db = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: describe(error) });
  port.close();
}

/** Runs one request and answers it. */
async function handle(message) {
  const { id, kind, sql, params } = message;
  try {
    if (kind === 'query') {
      const result = await db.query(sql, params ?? []);
      port.postMessage({ id, ok: true, rows: result.rows.map(plainRow) });
    } else if (kind === 'exec') {
      await db.exec(sql);
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
