// What the order-writes bench (run.ts) does, in numbers, and what it measures.

export const BULK_ORDERS = 1000;
export const BULK_RUNS = 5;
export const HISTORY_ENTRIES = 1000;
export const HISTORY_READS = 300;

export interface OrderWritesResult {
  bulk: { runs: number[]; p50: number; max: number };
  singlePatches: { totalMs: number; perRequestP50: number };
  history: { p50: number; p95: number; entries: number };
  orderRead: { p50: number; p95: number };
}
