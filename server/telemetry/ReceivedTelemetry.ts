import { Tally, type TallyEntry } from './Tally';
import type { TelemetrySignal, TelemetrySummary } from './TelemetrySummary';

export interface SignalTotals {
  /** Export requests summarised. */
  requests: number;
  /** Spans or log records in them. */
  items: number;
  /** Span names or severities over all requests, most frequent first. */
  counts: TallyEntry[];
}

/**
 * What arrived while no collector is configured, kept in memory and bounded: the last `keep`
 * summaries and per signal the totals (at most 500 distinct span names or severities).
 */
export class ReceivedTelemetry {
  private readonly summaries: TelemetrySummary[] = [];
  private readonly totals = {
    traces: { requests: 0, items: 0, counts: new Tally(500) },
    logs: { requests: 0, items: 0, counts: new Tally(500) },
  };

  constructor(private readonly keep = 50) {}

  add(summary: TelemetrySummary): void {
    this.summaries.push(summary);
    if (this.summaries.length > this.keep) {
      this.summaries.splice(0, this.summaries.length - this.keep);
    }
    const totals = this.totals[summary.signal];
    totals.requests += 1;
    totals.items += summary.items;
    totals.counts.addAll(summary.counts);
  }

  /** The last summaries, oldest first. */
  recent(): readonly TelemetrySummary[] {
    return [...this.summaries];
  }

  totalsOf(signal: TelemetrySignal): SignalTotals {
    const totals = this.totals[signal];
    return { requests: totals.requests, items: totals.items, counts: totals.counts.entries() };
  }
}
