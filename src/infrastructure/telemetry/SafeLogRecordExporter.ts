import type { LogRecordExporter, ReadableLogRecord } from '@opentelemetry/sdk-logs';
import { SafeExporter } from './SafeExporter';
import { scrubAttributes, scrubValue } from './scrubSecrets';

/**
 * What leaves the console as log records: body and attributes scrubbed of tokens, credentials and
 * passwords, failed exports counted, and nothing thrown.
 */
export class SafeLogRecordExporter extends SafeExporter<ReadableLogRecord> implements LogRecordExporter {
  constructor(exporter: LogRecordExporter, onFailed: (count: number) => void) {
    super(exporter, scrubLogRecord, onFailed);
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
