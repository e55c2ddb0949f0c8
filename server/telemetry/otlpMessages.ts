import protobuf from 'protobufjs';
import { TelemetryDecodeError } from './TelemetryDecodeError';

/*
 * The messages of opentelemetry-proto (v1) that the summaries read, with the fields they read and
 * nothing else: field numbers, types and packages as in the upstream files named above each part. A
 * field not declared here (resources, scopes, attributes, times, ids, bodies) is skipped unread, as
 * before, so what it holds can neither cost decoding nor make a request malformed. `syntax = "proto3"`
 * makes protobufjs refuse strings that are not UTF-8, as proto3 requires.
 */
const OTLP_PROTO_FILES = [
  // opentelemetry/proto/trace/v1/trace.proto
  `syntax = "proto3";
  package opentelemetry.proto.trace.v1;
  message ResourceSpans { repeated ScopeSpans scope_spans = 2; }
  message ScopeSpans { repeated Span spans = 2; }
  message Span { string name = 5; }`,
  // opentelemetry/proto/collector/trace/v1/trace_service.proto
  `syntax = "proto3";
  package opentelemetry.proto.collector.trace.v1;
  message ExportTraceServiceRequest { repeated opentelemetry.proto.trace.v1.ResourceSpans resource_spans = 1; }`,
  // opentelemetry/proto/logs/v1/logs.proto; severity_number is the open enum SeverityNumber, read as its number
  `syntax = "proto3";
  package opentelemetry.proto.logs.v1;
  message ResourceLogs { repeated ScopeLogs scope_logs = 2; }
  message ScopeLogs { repeated LogRecord log_records = 2; }
  message LogRecord { int32 severity_number = 2; string severity_text = 3; }`,
  // opentelemetry/proto/collector/logs/v1/logs_service.proto
  `syntax = "proto3";
  package opentelemetry.proto.collector.logs.v1;
  message ExportLogsServiceRequest { repeated opentelemetry.proto.logs.v1.ResourceLogs resource_logs = 1; }`,
];

/** What an ExportTraceServiceRequest holds of what is declared above (protobufjs names fields in camel case). */
export interface TraceRequest {
  resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[];
}

/** What an ExportLogsServiceRequest holds of what is declared above. */
export interface LogsRequest {
  resourceLogs: { scopeLogs: { logRecords: { severityNumber: number; severityText: string }[] }[] }[];
}

const root = new protobuf.Root();
for (const file of OTLP_PROTO_FILES) protobuf.parse(file, root);
root.resolveAll();
const traceRequest = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
const logsRequest = root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest');

/** `body` decoded as `type`; whatever protobufjs finds malformed (a truncated value, a bad tag or wire type, text that is no UTF-8) is a `TelemetryDecodeError`. */
function decode(type: protobuf.Type, body: Uint8Array): unknown {
  try {
    return type.decode(body);
  } catch (error) {
    throw new TelemetryDecodeError(error instanceof Error ? error.message : String(error));
  }
}

export function decodeTraceRequest(body: Uint8Array): TraceRequest {
  return decode(traceRequest, body) as TraceRequest;
}

export function decodeLogsRequest(body: Uint8Array): LogsRequest {
  return decode(logsRequest, body) as LogsRequest;
}
