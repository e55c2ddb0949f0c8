import type { TallyEntry } from './Tally';

/** The two OTLP signals the console sends. */
export type TelemetrySignal = 'traces' | 'logs';

/** The OTLP/HTTP encodings: `application/x-protobuf` and `application/json`. */
export type TelemetryFormat = 'protobuf' | 'json';

/** What one export request carried, as the backend logs and keeps it. */
export interface TelemetrySummary {
  signal: TelemetrySignal;
  format: TelemetryFormat;
  receivedAt: string;
  /** Size of the body in bytes. */
  bytes: number;
  /** Spans (traces) or log records (logs). */
  items: number;
  /** Span names, or severities such as `Warning (13)`, with their counts, most frequent first. */
  counts: TallyEntry[];
}
