import type { LogRecordExporter, ReadableLogRecord } from '@opentelemetry/sdk-logs';
import { EXPORT_SUCCESS, exportFailure, type ExportResult } from './exportResult';
import { scrubAttributes, scrubValue } from './scrubSecrets';

/**
 * What leaves the console as log records: body and attributes scrubbed of tokens, credentials and
 * passwords, failed exports counted, and nothing thrown.
 */
export class SafeLogRecordExporter implements LogRecordExporter {
  constructor(
    private readonly exporter: LogRecordExporter,
    private readonly onFailed: (count: number) => void,
  ) {}

  export(logs: ReadableLogRecord[], resultCallback: (result: ExportResult) => void): void {
    const done = (result: ExportResult) => {
      if (result.code !== EXPORT_SUCCESS) {
        this.onFailed(logs.length);
      }
      resultCallback(result);
    };
    try {
      this.exporter.export(logs.map(scrubLogRecord), done);
    } catch (error) {
      done(exportFailure(error));
    }
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush();
  }
}

function scrubLogRecord(record: ReadableLogRecord): ReadableLogRecord {
  return {
    hrTime: record.hrTime,
    hrTimeObserved: record.hrTimeObserved,
    spanContext: record.spanContext,
    severityText: record.severityText,
    severityNumber: record.severityNumber,
    body: record.body === undefined ? undefined : scrubValue(record.body),
    eventName: record.eventName,
    // Kept by identity: the exporter groups records by resource and scope.
    resource: record.resource,
    instrumentationScope: record.instrumentationScope,
    attributes: scrubAttributes(record.attributes),
    droppedAttributesCount: record.droppedAttributesCount,
  };
}
