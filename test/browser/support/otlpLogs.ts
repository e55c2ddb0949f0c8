import { messageOf, protobufFields, stringOf, varintOf, type ProtobufField } from '../../../server/telemetry/protobufWire';

export interface DecodedLogRecord {
  severityNumber: number;
  severityText: string;
  body: string;
  /** The record's attributes that have a string value. */
  attributes: Record<string, string>;
}

/** A `KeyValue` (common/v1/common.proto: key 1, value 2 → AnyValue) as key and text, if its value is a string. */
function stringAttribute(field: ProtobufField): [string, string] | undefined {
  let key = '';
  let text: string | undefined;
  for (const part of messageOf(field)) {
    if (part.number === 1) key = stringOf(part);
    else if (part.number === 2) {
      for (const value of messageOf(part)) {
        if (value.number === 1) text = stringOf(value);
      }
    }
  }
  return text === undefined ? undefined : [key, text];
}

/**
 * The log records of an OTLP `ExportLogsServiceRequest` in protobuf, read by the field numbers of
 * opentelemetry-proto (logs/v1/logs.proto): resource_logs 1 → scope_logs 2 → log_records 2 →
 * severity_number 2, severity_text 3, body 5 (AnyValue, string_value 1), attributes 6 (KeyValue).
 */
export function decodeLogRecords(bytes: Uint8Array): DecodedLogRecord[] {
  const records: DecodedLogRecord[] = [];
  for (const resourceLogs of protobufFields(bytes)) {
    if (resourceLogs.number !== 1) continue;
    for (const scopeLogs of messageOf(resourceLogs)) {
      if (scopeLogs.number !== 2) continue;
      for (const record of messageOf(scopeLogs)) {
        if (record.number !== 2) continue;
        const decoded: DecodedLogRecord = { severityNumber: 0, severityText: '', body: '', attributes: {} };
        for (const field of messageOf(record)) {
          if (field.number === 2) decoded.severityNumber = varintOf(field);
          else if (field.number === 3) decoded.severityText = stringOf(field);
          else if (field.number === 5) {
            for (const value of messageOf(field)) {
              if (value.number === 1) decoded.body = stringOf(value);
            }
          } else if (field.number === 6) {
            const attribute = stringAttribute(field);
            if (attribute) decoded.attributes[attribute[0]] = attribute[1];
          }
        }
        records.push(decoded);
      }
    }
  }
  return records;
}
