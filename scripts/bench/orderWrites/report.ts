// The order-writes section of docs/benchmarks.md.
import { verdict } from '../shared/format';
import { BULK_ORDERS, BULK_RUNS, HISTORY_READS, type OrderWritesResult } from './result';

export const ORDER_WRITES_HEADING = '## Several orders at once, and an order\'s history';
/** The section a missing order-writes section goes before. */
export const MEASUREMENTS_HEADING = '## Measurements behind the design';

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

export function orderWritesSection(result: OrderWritesResult): string {
  const { bulk, singlePatches, history, orderRead } = result;
  return [
    `${ORDER_WRITES_HEADING} (embedded database)`,
    '',
    `One operator over loopback, requests one after another. The bulk move is ${BULK_RUNS} runs of ${BULK_ORDERS} fresh orders moved from new to confirmed;`,
    `its baseline is the same ${BULK_ORDERS} moves as single PATCH requests. The history is the first page (50 entries) of an order with ${history.entries} entries,`,
    `read ${HISTORY_READS} times beside reading the order itself.`,
    '',
    '| Figure | Value | Baseline (same run) | Ratio | Target |',
    '|---|---:|---:|---:|---|',
    `| move ${BULK_ORDERS} orders in one request, p50 / max | ${ms(bulk.p50)} / ${ms(bulk.max)} ms | ${BULK_ORDERS} single PATCH requests: ${ms(singlePatches.totalMs)} ms (${ms(singlePatches.perRequestP50)} ms each, p50) | ${(bulk.p50 / singlePatches.totalMs).toFixed(2)}× | < 1 s: ${verdict(bulk.max < 1000)} |`,
    `| first page of a ${history.entries}-entry history, p50 / p95 | ${ms(history.p50)} / ${ms(history.p95)} ms | the order itself: ${ms(orderRead.p50)} / ${ms(orderRead.p95)} ms | ${(history.p95 / orderRead.p95).toFixed(1)}× | p95 < 20 ms: ${verdict(history.p95 < 20)} |`,
    '',
  ].join('\n');
}
