// The backend bench's section of docs/benchmarks.md, and its table.
import { verdict } from '../shared/format';
import type { BackendBenchResult, Latency } from './result';

/** The start of the section's heading (for `replaceSection`). */
export const BACKEND_HEADING = '## Backend:';

export function markdownTable(rows: [string, Latency][]): string {
  const ms = (value: number) => value.toFixed(1);
  const ratio = (value: number) => `${value.toFixed(1)}×`;
  return [
    '| Call | Requests | p50 ms | p95 ms | max ms | p50 / baseline p50 | p95 / baseline p50 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(([label, l]) => `| ${label} | ${l.requests} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.max)} | ${ratio(l.p50Ratio)} | ${ratio(l.p95Ratio)} |`),
  ].join('\n');
}

export function backendSection(backend: BackendBenchResult): string {
  return [
    `## Backend: order list with ${backend.orders.toLocaleString('en')} orders in one tenant`,
    '',
    `Embedded database (PGlite). ${backend.seedSeconds === null ? 'Data seeded in an earlier run.' : `Seeded in ${backend.seedSeconds.toFixed(1)} s.`} ` +
      `Server ready in ${backend.startSeconds.toFixed(1)} s. ${backend.clients} concurrent clients on 127.0.0.1; total ${backend.total.toLocaleString('en')} orders in range. Target: list page p95 < 20 ms: ` +
      `${verdict(backend.firstPage.p95 < 20 && backend.deepPage.p95 < 20)}.`,
    '',
    backend.table,
  ].join('\n');
}
