// The figures the cluster bench's parts hand to its report.
import type { LatencyHistogram } from '../shared/latencyHistogram';
import { percentileOfSorted } from '../shared/percentile';

export interface LatencyFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function figuresOfHistogram(histogram: LatencyHistogram): LatencyFigures {
  return { count: histogram.total, p50: histogram.percentile(50), p95: histogram.percentile(95), p99: histogram.percentile(99), max: histogram.max() };
}

/** Percentiles of raw values (ms, fractions kept: a commit takes a few). */
export function figuresOfValues(values: readonly number[]): LatencyFigures {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => percentileOfSorted(sorted, p);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

/** One run of 16 writers (through the backend, or straight to the database). */
export interface WriteFigures {
  label: string;
  writers: number;
  seconds: number;
  changes: number;
  perSecond: number;
  /** 412 (someone else changed the order first): re-read and not counted as changes. */
  conflicts: number;
  /** Any other answer or failure. */
  errors: number;
  latency: LatencyFigures;
  /** Processor time per change (ms) by process group, over the measured span. */
  cpuPerChangeMs: Record<string, number>;
}
