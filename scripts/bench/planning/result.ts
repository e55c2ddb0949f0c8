import type { DragSample } from './drag';
import type { ViewRow } from './probe';

/** What a run of the planning bench measured. Times in ms. */
export interface PlanningResult {
  date: Date;
  machine: string;
  chromium: string;
  cpuThrottling: number;
  viewport: { width: number; height: number };
  /** Load average (1 min) at the start and at the end. */
  loadAverage: [number, number];
  ordersInRange: number;
  runs: number;
  /** Medians: the list's first rows, the board's first view, and the board's every page read. */
  listRowsMs: number;
  boardViewMs: number;
  /** Each pair of runs: board over list. */
  ratios: number[];
  boardAllReadMs: number;
  boardLongestTaskMs: number;
  listLongestTaskMs: number;
  rowsInView: ViewRow[];
  /** Every run's figure. */
  list: number[];
  board: number[];
  drags: DragSample[];
}
