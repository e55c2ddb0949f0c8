import { type JsonObject, objectsAt, parseJsonObject, stringAt } from './otlpJson';
import { decodeLogsRequest } from './otlpMessages';
import { Tally } from './Tally';
import { TelemetryDecodeError } from './TelemetryDecodeError';
import type { TelemetryFormat } from './TelemetrySummary';

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
  for (const resourceLogs of decodeLogsRequest(body).resourceLogs) {
    for (const scopeLogs of resourceLogs.scopeLogs) {
      for (const record of scopeLogs.logRecords) {
        severities.add(severityLabel(record.severityNumber, record.severityText));
      }
    }
  }
  return severities;
}
