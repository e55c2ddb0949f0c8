import { SeverityNumber } from '@opentelemetry/api-logs';
import { logSeverities, severityLabel, severityName } from '../../../server/telemetry/logSummary';
import { messageOf, type ProtobufField, protobufFields, stringOf, varintOf, WireType } from '../../../server/telemetry/protobufWire';
import { OTHER_KEY, Tally } from '../../../server/telemetry/Tally';
import { TelemetryDecodeError } from '../../../server/telemetry/TelemetryDecodeError';
import { spanNames } from '../../../server/telemetry/traceSummary';
import { CONSOLE_LOGS, logsBody, protobufPadding, traceBody } from '../support/otlpBodies';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => [...Buffer.from(value, 'utf8')];
const all = (message: Uint8Array) => [...protobufFields(message)];
const expectMalformed = (read: () => unknown, message: RegExp) => {
  expect(read).toThrow(TelemetryDecodeError);
  expect(read).toThrow(message);
};

describe('the protobuf wire reader', () => {
  it('reads varint, fixed64, length-delimited and fixed32 fields in order', () => {
    const message = bytes(
      0x08, 0x96, 0x01, // field 1, varint 150
      0x11, 1, 2, 3, 4, 5, 6, 7, 8, // field 2, fixed64
      0x1a, 0x02, ...text('hi'), // field 3, length-delimited "hi"
      0x25, 9, 8, 7, 6, // field 4, fixed32
      0xa0, 0x1f, 0x00, // field 500, varint 0 (two-byte tag)
    );
    const fields = all(message);
    expect(fields.map(({ number, wireType }) => [number, wireType])).toEqual([
      [1, WireType.varint],
      [2, WireType.fixed64],
      [3, WireType.lengthDelimited],
      [4, WireType.fixed32],
      [500, WireType.varint],
    ]);
    expect(varintOf(fields[0] as ProtobufField)).toBe(150);
    expect([...(fields[1]?.value as Uint8Array)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(stringOf(fields[2] as ProtobufField)).toBe('hi');
    expect([...(fields[3]?.value as Uint8Array)]).toEqual([9, 8, 7, 6]);
  });

  it('reads the largest 64-bit varint (ten bytes)', () => {
    const [field] = all(bytes(0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01));
    expect(field?.value).toBe(2 ** 64 - 1);
  });

  it('reads nested messages only as far as asked, each within its own length', () => {
    // field 1 { field 2 { field 5: "span" }, field 2 { } }, then field 7: 1
    const span = [0x2a, 0x04, ...text('span')];
    const inner = [0x12, span.length, ...span, 0x12, 0x00];
    const message = bytes(0x0a, inner.length, ...inner, 0x38, 0x01);
    const [outer, after] = all(message);
    expect(after).toEqual({ number: 7, wireType: WireType.varint, value: 1 });
    const children = [...messageOf(outer as ProtobufField)];
    expect(children).toHaveLength(2);
    expect([...messageOf(children[0] as ProtobufField)].map((field) => stringOf(field))).toEqual(['span']);
    expect([...messageOf(children[1] as ProtobufField)]).toEqual([]);
  });

  it('reads an empty message as no fields', () => {
    expect(all(bytes())).toEqual([]);
  });

  it('refuses a truncated varint', () => {
    expectMalformed(() => all(bytes(0x08, 0x96)), /truncated varint/);
    expectMalformed(() => all(bytes(0x80)), /truncated varint/);
  });

  it('refuses varints longer than 64 bits', () => {
    expectMalformed(() => all(bytes(0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02)), /64 bits/);
    expectMalformed(() => all(bytes(0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x81, 0x00)), /64 bits/);
  });

  it('refuses a length beyond the end of the message', () => {
    expectMalformed(() => all(bytes(0x0a, 0x05, ...text('ab'))), /runs past the end/);
    expectMalformed(() => all(bytes(0x11, 1, 2, 3)), /runs past the end/);
    expectMalformed(() => all(bytes(0x0d, 1, 2)), /runs past the end/);
  });

  it('refuses a nested message whose inner length runs past its own end, though the outer one fits', () => {
    // field 1 holds 3 bytes: field 2 with a length of 9
    const [outer] = all(bytes(0x0a, 0x03, 0x12, 0x09, 0x00));
    expectMalformed(() => [...messageOf(outer as ProtobufField)], /runs past the end/);
  });

  it('refuses a field read as another wire type', () => {
    const [varint, text] = all(bytes(0x08, 0x01, 0x12, 0x01, 0x41));
    expectMalformed(() => stringOf(varint as ProtobufField), /wire type 0, expected 2/);
    expectMalformed(() => messageOf(varint as ProtobufField), /wire type 0, expected 2/);
    expectMalformed(() => varintOf(text as ProtobufField), /wire type 2, expected 0/);
  });

  it('refuses groups, unknown wire types and field number 0', () => {
    expectMalformed(() => all(bytes(0x0b, 0x0c)), /wire type 3/);
    expectMalformed(() => all(bytes(0x0e)), /wire type 6/);
    expectMalformed(() => all(bytes(0x02, 0x00)), /field number 0/);
  });

  it('refuses strings that are not UTF-8', () => {
    const [field] = all(bytes(0x0a, 0x02, 0xc3, 0x28));
    expectMalformed(() => stringOf(field as ProtobufField), /UTF-8/);
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

  it('refuses a span name sent with the wrong wire type', () => {
    // resource_spans { scope_spans { spans { name (5) as varint 1 } } }
    const message = bytes(0x0a, 0x06, 0x12, 0x04, 0x12, 0x02, 0x28, 0x01);
    expect(() => spanNames(message, 'protobuf')).toThrow(TelemetryDecodeError);
    // the same with name as a string is read
    expect(spanNames(bytes(0x0a, 0x07, 0x12, 0x05, 0x12, 0x03, 0x2a, 0x01, 0x41), 'protobuf').entries()).toEqual([{ key: 'A', count: 1 }]);
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
