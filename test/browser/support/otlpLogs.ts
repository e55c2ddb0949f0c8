import { messageOf, protobufFields, stringOf, varintOf } from '../../../server/telemetry/protobufWire';

export interface DecodedLogRecord {
  severityNumber: number;
  severityText: string;
  body: string;
}

/**
 * The log records of an OTLP `ExportLogsServiceRequest` in protobuf, read by the field numbers of
 * opentelemetry-proto (logs/v1/logs.proto): resource_logs 1 → scope_logs 2 → log_records 2 →
 * severity_number 2, severity_text 3, body 5 (AnyValue, string_value 1).
 */
export function decodeLogRecords(bytes: Uint8Array): DecodedLogRecord[] {
  const records: DecodedLogRecord[] = [];
  for (const resourceLogs of protobufFields(bytes)) {
    if (resourceLogs.number !== 1) continue;
    for (const scopeLogs of messageOf(resourceLogs)) {
      if (scopeLogs.number !== 2) continue;
      for (const record of messageOf(scopeLogs)) {
        if (record.number !== 2) continue;
        const decoded: DecodedLogRecord = { severityNumber: 0, severityText: '', body: '' };
        for (const field of messageOf(record)) {
          if (field.number === 2) decoded.severityNumber = varintOf(field);
          else if (field.number === 3) decoded.severityText = stringOf(field);
          else if (field.number === 5) {
            for (const value of messageOf(field)) {
              if (value.number === 1) decoded.body = stringOf(value);
            }
          }
        }
        records.push(decoded);
      }
    }
  }
  return records;
}
