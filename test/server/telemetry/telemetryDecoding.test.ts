import { SeverityNumber } from '@opentelemetry/api-logs';
import { logSeverities, severityLabel, severityName } from '../../../server/telemetry/logSummary';
import { OTHER_KEY, Tally } from '../../../server/telemetry/Tally';
import { TelemetryDecodeError } from '../../../server/telemetry/TelemetryDecodeError';
import { spanNames } from '../../../server/telemetry/traceSummary';
import { CONSOLE_LOGS, logsBody, protobufPadding, traceBody } from '../support/otlpBodies';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => [...Buffer.from(value, 'utf8')];
/** A varint as protobuf writes it, seven bits a byte, the lowest first. */
const varint = (value: number): number[] => (value > 0x7f ? [(value % 128) | 0x80, ...varint(Math.floor(value / 128))] : [value]);
/** A length-delimited field (an embedded message, a string). */
const field = (number: number, content: number[]) => [...varint(number * 8 + 2), ...varint(content.length), ...content];
/** An ExportTraceServiceRequest with one span of these bytes (resource_spans 1 > scope_spans 2 > spans 2). */
const traceRequest = (...span: number[]) => Uint8Array.from(field(1, field(2, field(2, span))));
/** An ExportLogsServiceRequest with one log record of these bytes (resource_logs 1 > scope_logs 2 > log_records 2). */
const logsRequest = (...record: number[]) => Uint8Array.from(field(1, field(2, field(2, record))));
const expectMalformed = (read: () => unknown, message: RegExp) => {
  expect(read).toThrow(TelemetryDecodeError);
  expect(read).toThrow(message);
};

describe('the OTLP protobuf reader', () => {
  it('reads what it reads among fields of every wire type it skips, two-byte tags and the largest varint included', () => {
    const span = traceRequest(
      0x30, 0x96, 0x01, // kind (6), varint 150
      0x39, 1, 2, 3, 4, 5, 6, 7, 8, // start_time_unix_nano (7), fixed64
      ...field(1, [9, 9, 9, 9]), // trace_id (1), length-delimited
      0x2a, 0x02, ...text('hi'), // name (5)
      0xfd, 0x1f, 9, 8, 7, 6, // field 500, fixed32 (two-byte tag)
      0x30, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, // kind again: 2^64 - 1
    );
    expect(spanNames(span, 'protobuf').entries()).toEqual([{ key: 'hi', count: 1 }]);
    const record = logsRequest(0x10, 0x0d, ...field(3, text('Warnung')), 0x49, 1, 2, 3, 4, 5, 6, 7, 8);
    expect(logSeverities(record, 'protobuf').entries()).toEqual([{ key: 'Warnung (13)', count: 1 }]);
  });

  it('reads an empty request and an empty span as nothing and a span without a name', () => {
    expect(spanNames(bytes(), 'protobuf').total).toBe(0);
    expect(spanNames(traceRequest(), 'protobuf').entries()).toEqual([{ key: '', count: 1 }]);
    expect(logSeverities(logsRequest(), 'protobuf').entries()).toEqual([{ key: 'UNSPECIFIED (0)', count: 1 }]);
  });

  it('refuses a truncated varint', () => {
    expectMalformed(() => spanNames(traceRequest(0x30, 0x96), 'protobuf'), /index out of range/);
    expectMalformed(() => spanNames(bytes(0x80), 'protobuf'), /index out of range/);
  });

  it('refuses a number it reads that is longer than ten bytes', () => {
    const tooLong = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
    expectMalformed(() => logSeverities(logsRequest(0x10, ...tooLong), 'protobuf'), /invalid varint/);
  });

  it('refuses a length beyond the end of the message', () => {
    expectMalformed(() => spanNames(bytes(0x0a, 0x05, ...text('ab')), 'protobuf'), /index out of range/);
    expectMalformed(() => spanNames(traceRequest(0x39, 1, 2, 3), 'protobuf'), /index out of range/);
    expectMalformed(() => spanNames(traceRequest(0x3d, 1, 2), 'protobuf'), /index out of range/);
    expectMalformed(() => spanNames(traceRequest(0x2a, 0x05, ...text('ab')), 'protobuf'), /index out of range/);
  });

  it('refuses a nested message whose inner length runs past its own end, though the outer one fits', () => {
    // resource_spans holds 3 bytes: scope_spans with a length of 9
    expectMalformed(() => spanNames(bytes(0x0a, 0x03, 0x12, 0x09, 0x00), 'protobuf'), /index out of range/);
  });

  it('refuses unknown wire types and field number 0', () => {
    expectMalformed(() => spanNames(bytes(0x0e), 'protobuf'), /invalid wire type 6/);
    expectMalformed(() => spanNames(traceRequest(0x2f), 'protobuf'), /invalid wire type 7/);
    expectMalformed(() => spanNames(bytes(0x02, 0x00), 'protobuf'), /field number 0/);
  });

  it('refuses names and severity texts that are not UTF-8', () => {
    expectMalformed(() => spanNames(traceRequest(0x2a, 0x02, 0xc3, 0x28), 'protobuf'), /UTF-8|utf-?8/i);
    expectMalformed(() => logSeverities(logsRequest(0x1a, 0x02, 0xc3, 0x28), 'protobuf'), /UTF-8|utf-?8/i);
  });

  it('skips a field it reads sent with another wire type, and groups, as protobuf\'s own parsers do', () => {
    // name (5) as varint 1: an unknown field, so the span has no name
    expect(spanNames(traceRequest(0x28, 0x01), 'protobuf').entries()).toEqual([{ key: '', count: 1 }]);
    // severity_number (2) as a string
    expect(logSeverities(logsRequest(...field(2, text('13'))), 'protobuf').entries()).toEqual([{ key: 'UNSPECIFIED (0)', count: 1 }]);
    // a group (field 9: start 0x4b, end 0x4c) holding a varint, beside the name
    expect(spanNames(traceRequest(0x4b, 0x08, 0x01, 0x4c, 0x2a, 0x01, ...text('A')), 'protobuf').entries()).toEqual([{ key: 'A', count: 1 }]);
    expectMalformed(() => spanNames(traceRequest(0x4b, 0x08, 0x01), 'protobuf'), /index out of range/);
  });
});

describe('the OTLP summaries', () => {
  it('counts the span names of a protobuf and a JSON ExportTraceServiceRequest written by the SDK', async () => {
    const body = await traceBody(['HTTP GET', 'documentLoad', 'HTTP GET']);
    for (const format of ['protobuf', 'json'] as const) {
      const names = spanNames(body[format], format);
      expect(names.total).toBe(3);
      expect(names.entries()).toEqual([
        { key: 'HTTP GET', count: 2 },
        { key: 'documentLoad', count: 1 },
      ]);
    }
  });

  it('counts log records by severity text and number, protobuf and JSON', async () => {
    const body = await logsBody(CONSOLE_LOGS);
    for (const format of ['protobuf', 'json'] as const) {
      expect(logSeverities(body[format], format).entries()).toEqual([
        { key: 'Warning (13)', count: 2 },
        { key: 'DEBUG (5)', count: 1 },
        { key: 'Error (17)', count: 1 },
      ]);
    }
  });

  it('skips fields it does not read, also unknown ones', async () => {
    const { protobuf } = await traceBody(['click']);
    const padded = Buffer.concat([protobufPadding(99, 1000), protobuf, protobufPadding(100, 10)]);
    expect(spanNames(padded, 'protobuf').entries()).toEqual([{ key: 'click', count: 1 }]);
  });

  it('refuses a truncated real request and JSON that is not OTLP', async () => {
    const { protobuf } = await traceBody(['HTTP GET']);
    expect(() => spanNames(protobuf.subarray(0, protobuf.length - 3), 'protobuf')).toThrow(TelemetryDecodeError);
    const json = (value: string) => Buffer.from(value);
    expect(() => spanNames(json('{"resourceSpans": ['), 'json')).toThrow(TelemetryDecodeError);
    expect(() => spanNames(json('[]'), 'json')).toThrow(TelemetryDecodeError);
    expect(() => spanNames(json('{"resourceSpans": {}}'), 'json')).toThrow(TelemetryDecodeError);
    expect(() => spanNames(json('{"resourceSpans": [{"scopeSpans": [{"spans": [{"name": 5}]}]}]}'), 'json')).toThrow(TelemetryDecodeError);
    expect(() => logSeverities(json('{"resourceLogs": [{"scopeLogs": [{"logRecords": [{"severityNumber": "loud"}]}]}]}'), 'json')).toThrow(
      TelemetryDecodeError,
    );
    expect(spanNames(json('{}'), 'json').total).toBe(0);
  });

  it('accepts severity numbers as enum names in JSON', () => {
    const logRecords = [{ severityNumber: 'SEVERITY_NUMBER_WARN2' }, { severityNumber: 'SEVERITY_NUMBER_INFO' }];
    const body = Buffer.from(JSON.stringify({ resourceLogs: [{ scopeLogs: [{ logRecords }] }] }));
    expect(logSeverities(body, 'json').entries()).toEqual([
      { key: 'INFO (9)', count: 1 },
      { key: 'WARN2 (14)', count: 1 },
    ]);
  });

  it('names severity numbers as OTLP does', () => {
    expect([0, 1, 5, 9, 13, 14, 17, 20, 21, 24, 25, -1].map(severityName)).toEqual([
      'UNSPECIFIED', 'TRACE', 'DEBUG', 'INFO', 'WARN', 'WARN2', 'ERROR', 'ERROR4', 'FATAL', 'FATAL4', 'UNKNOWN', 'UNKNOWN',
    ]);
    expect(severityLabel(SeverityNumber.WARN, 'Warning')).toBe('Warning (13)');
    expect(severityLabel(SeverityNumber.ERROR, '')).toBe('ERROR (17)');
  });

  it('keeps tallies small whatever clients send', () => {
    const tally = new Tally(3);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'a']) tally.add(key);
    tally.add('x'.repeat(500));
    expect(tally.total).toBe(7);
    expect(tally.entries()).toEqual([
      { key: OTHER_KEY, count: 3 },
      { key: 'a', count: 2 },
      { key: 'b', count: 1 },
      { key: 'c', count: 1 },
    ]);
    const long = new Tally();
    long.add('x'.repeat(500));
    expect(long.entries()[0]?.key).toBe(`${'x'.repeat(120)}…`);
  });
});
