import type { Resource } from '@opentelemetry/resources';
import {
  BatchLogRecordProcessor,
  LoggerProvider,
  type BatchLogRecordProcessorBrowserOptions,
  type LogRecordExporter,
} from '@opentelemetry/sdk-logs';
import { queueDropCounter } from './queueDropCounter';
import { LOG_BATCH, LOG_RECORD_LIMITS } from './telemetrySettings';

export interface LoggingOptions {
  resource: Resource;
  exporter: LogRecordExporter;
  /** Told how many log records the full queue dropped. */
  onDropped(count: number): void;
}

/** The logger provider: one batch processor with its delay, sizes and timeout, and the record limits. */
export function createLogging({ resource, exporter, onDropped }: LoggingOptions): LoggerProvider {
  const options: BatchLogRecordProcessorBrowserOptions = {
    exporter,
    ...LOG_BATCH,
    // flushOnHide flushes traces and logs together, on the window's `pagehide` too.
    disableAutoFlushOnDocumentHide: true,
    selfObsMeterProvider: queueDropCounter(onDropped),
  };
  return new LoggerProvider({ resource, logRecordLimits: LOG_RECORD_LIMITS, processors: [new BatchLogRecordProcessor(options)] });
}
