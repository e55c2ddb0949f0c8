import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
parentPort.on('message', async (m) => {
  const t0 = Date.now();
  const r = await db.query(m.sql, m.params);
  parentPort.postMessage({ rows: r.rows, ms: Date.now() - t0 });
});
