import { Worker } from 'node:worker_threads';
import path from 'node:path';
test('pglite worker', async () => {
  const t0 = Date.now();
  const w = new Worker(path.join(__dirname, 'zz_w.mjs'));
  const r = await new Promise<any>((res, rej) => { w.once('message', res); w.once('error', rej); w.postMessage({ sql: 'select 1 as x, now() as d, 12345678901::int8 as big', params: [] }); });
  console.log(Date.now() - t0, r, r.rows[0].d instanceof Date, Object.prototype.toString.call(r.rows[0].d));
  await w.terminate();
});
