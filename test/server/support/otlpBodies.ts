import { SeverityNumber } from '@opentelemetry/api-logs';
import { JsonLogsSerializer, JsonTraceSerializer, ProtobufLogsSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

/** Export request bodies as the OpenTelemetry SDK's own OTLP encoders write them. */
export interface OtlpBody {
  protobuf: Buffer;
  json: Buffer;
}

function bytes(encoded: Uint8Array | undefined): Buffer {
  if (!encoded) throw new Error('the OTLP serializer produced nothing');
  return Buffer.from(encoded);
}

/** An ExportTraceServiceRequest with one ended span per name. */
export async function traceBody(names: readonly string[]): Promise<OtlpBody> {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const tracer = provider.getTracer('order-cockpit-test');
  for (const name of names) {
    tracer.startSpan(name, { attributes: { 'http.url': 'https://cockpit.example.com/api/orders' } }).end();
  }
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans();
  await provider.shutdown();
  return { protobuf: bytes(ProtobufTraceSerializer.serializeRequest(spans)), json: bytes(JsonTraceSerializer.serializeRequest(spans)) };
}

export interface LogEntry {
  severityNumber?: SeverityNumber;
  severityText?: string;
  body: string;
}

/** An ExportLogsServiceRequest with one record per entry. */
export async function logsBody(entries: readonly LogEntry[]): Promise<OtlpBody> {
  const exporter = new InMemoryLogRecordExporter();
  const provider = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter })] });
  const logger = provider.getLogger('console');
  for (const entry of entries) {
    logger.emit(entry);
  }
  await provider.forceFlush();
  const records = exporter.getFinishedLogRecords();
  await provider.shutdown();
  return { protobuf: bytes(ProtobufLogsSerializer.serializeRequest(records)), json: bytes(JsonLogsSerializer.serializeRequest(records)) };
}

/** The console's mirrored console output: warn and error as the telemetry issue specifies. */
export const CONSOLE_LOGS: readonly LogEntry[] = [
  { severityNumber: SeverityNumber.WARN, severityText: 'Warning', body: 'probe' },
  { severityNumber: SeverityNumber.WARN, severityText: 'Warning', body: 'again' },
  { severityNumber: SeverityNumber.ERROR, severityText: 'Error', body: 'failed' },
  { severityNumber: SeverityNumber.DEBUG, body: 'without text' },
];

/** Protobuf of one length-delimited field `number` holding `length` bytes of padding (skipped by readers). */
export function protobufPadding(number: number, length: number): Buffer {
  const varint = (value: number): number[] => {
    const out: number[] = [];
    while (value >= 0x80) {
      out.push((value & 0x7f) | 0x80);
      value = Math.floor(value / 128);
    }
    out.push(value);
    return out;
  };
  return Buffer.concat([Buffer.from([...varint(number * 8 + 2), ...varint(length)]), Buffer.alloc(length, 0x61)]);
}
