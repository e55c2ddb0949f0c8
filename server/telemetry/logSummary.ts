import { type JsonObject, objectsAt, parseJsonObject, stringAt } from './otlpJson';
import { messageOf, protobufFields, stringOf, varintOf } from './protobufWire';
import { Tally } from './Tally';
import { TelemetryDecodeError } from './TelemetryDecodeError';
import type { TelemetryFormat } from './TelemetrySummary';

/*
 * Field numbers of opentelemetry/proto/collector/logs/v1/logs_service.proto and logs/v1/logs.proto:
 * ExportLogsServiceRequest.resource_logs = 1, ResourceLogs.scope_logs = 2, ScopeLogs.log_records = 2,
 * LogRecord.severity_number = 2 (enum SeverityNumber), LogRecord.severity_text = 3.
 */
const RESOURCE_LOGS = 1;
const SCOPE_LOGS = 2;
const LOG_RECORDS = 2;
const SEVERITY_NUMBER = 2;
const SEVERITY_TEXT = 3;

const SEVERITY_RANGES = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'];

/** The name of a SeverityNumber: 13 is `WARN`, 14 `WARN2`, 0 `UNSPECIFIED`. */
export function severityName(number: number): string {
  if (number === 0) return 'UNSPECIFIED';
  const range = SEVERITY_RANGES[Math.floor((number - 1) / 4)];
  if (!Number.isInteger(number) || number < 0 || range === undefined) return 'UNKNOWN';
  const step = (number - 1) % 4;
  return step === 0 ? range : `${range}${step + 1}`;
}

/** How a severity is counted: its text (or, without one, its name) and its number: `Warning (13)`. */
export function severityLabel(number: number, text: string): string {
  return `${text || severityName(number)} (${number})`;
}

/** OTLP/JSON sends enums as integers; protobuf's JSON mapping also allows their names. */
function jsonSeverityNumber(record: JsonObject): number {
  const value = record.severityNumber;
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string') {
    const match = /^SEVERITY_NUMBER_([A-Z]+)([2-4]?)$/.exec(value);
    const range = match ? SEVERITY_RANGES.indexOf(match[1] ?? '') : -1;
    if (value === 'SEVERITY_NUMBER_UNSPECIFIED') return 0;
    if (match && range >= 0) return range * 4 + Number(match[2] || '1');
  }
  throw new TelemetryDecodeError('severityNumber is not a SeverityNumber');
}

/** The severities of an ExportLogsServiceRequest's records with their counts; throws `TelemetryDecodeError`. */
export function logSeverities(body: Uint8Array, format: TelemetryFormat): Tally {
  const severities = new Tally();
  if (format === 'json') {
    for (const resourceLogs of objectsAt(parseJsonObject(body), 'resourceLogs')) {
      for (const scopeLogs of objectsAt(resourceLogs, 'scopeLogs')) {
        for (const record of objectsAt(scopeLogs, 'logRecords')) {
          severities.add(severityLabel(jsonSeverityNumber(record), stringAt(record, 'severityText')));
        }
      }
    }
    return severities;
  }
  for (const resourceLogs of protobufFields(body)) {
    if (resourceLogs.number !== RESOURCE_LOGS) continue;
    for (const scopeLogs of messageOf(resourceLogs)) {
      if (scopeLogs.number !== SCOPE_LOGS) continue;
      for (const record of messageOf(scopeLogs)) {
        if (record.number !== LOG_RECORDS) continue;
        let number = 0;
        let text = '';
        for (const field of messageOf(record)) {
          if (field.number === SEVERITY_NUMBER) number = varintOf(field);
          else if (field.number === SEVERITY_TEXT) text = stringOf(field);
        }
        severities.add(severityLabel(number, text));
      }
    }
  }
  return severities;
}
