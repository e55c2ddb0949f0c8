import protobuf from 'protobufjs';

export interface DecodedLogRecord {
  severityNumber: number;
  severityText: string;
  body: string;
  /** The record's attributes that have a string value. */
  attributes: Record<string, string>;
}

/**
 * The part of opentelemetry-proto (logs/v1/logs.proto, common/v1/common.proto) the browser tests read:
 * resource_logs 1 → scope_logs 2 → log_records 2 → severity_number 2, severity_text 3, body 5
 * (AnyValue, string_value 1), attributes 6 (KeyValue: key 1, value 2). Other fields are skipped.
 */
const LOGS_PROTO = `syntax = "proto3";
package opentelemetry.proto;
message ExportLogsServiceRequest { repeated ResourceLogs resource_logs = 1; }
message ResourceLogs { repeated ScopeLogs scope_logs = 2; }
message ScopeLogs { repeated LogRecord log_records = 2; }
message LogRecord { int32 severity_number = 2; string severity_text = 3; AnyValue body = 5; repeated KeyValue attributes = 6; }
message AnyValue { optional string string_value = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }`;

/** `string_value` is in a oneof upstream: without it, protobufjs gives null (another kind of value, or none). */
interface AnyValue {
  stringValue: string | null;
}

interface LogsRequest {
  resourceLogs: {
    scopeLogs: {
      logRecords: { severityNumber: number; severityText: string; body?: AnyValue; attributes: { key: string; value?: AnyValue }[] }[];
    }[];
  }[];
}

const logsRequest = protobuf.parse(LOGS_PROTO).root.lookupType('opentelemetry.proto.ExportLogsServiceRequest');

/** The log records of an OTLP `ExportLogsServiceRequest` in protobuf. */
export function decodeLogRecords(bytes: Uint8Array): DecodedLogRecord[] {
  const request = logsRequest.decode(bytes) as unknown as LogsRequest;
  return request.resourceLogs.flatMap((resourceLogs) =>
    resourceLogs.scopeLogs.flatMap((scopeLogs) =>
      scopeLogs.logRecords.map((record) => {
        const attributes: Record<string, string> = {};
        for (const { key, value } of record.attributes) {
          if (typeof value?.stringValue === 'string') attributes[key] = value.stringValue;
        }
        return { severityNumber: record.severityNumber, severityText: record.severityText, body: record.body?.stringValue ?? '', attributes };
      }),
    ),
  );
}
