import { SeverityNumber } from '@opentelemetry/api-logs';
import { createLogging } from '../../../../src/infrastructure/telemetry/createLogging';
import { telemetryResource } from '../../../../src/infrastructure/telemetry/telemetryResource';
import { SteeredLogExporter } from './telemetryFakes';

describe('createLogging: the batch log record processor and limits of the spec', () => {
  let exporter: SteeredLogExporter;
  let dropped: number;

  beforeEach(() => {
    jest.useFakeTimers();
    exporter = new SteeredLogExporter();
    dropped = 0;
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const build = () => createLogging({ resource: telemetryResource('2026.11.0', 'test'), exporter, onDropped: (count) => (dropped += count) });

  const emit = (provider: ReturnType<typeof build>, count: number, attributes: Record<string, string> = {}) => {
    const logger = provider.getLogger('test');
    for (let index = 0; index < count; index += 1) {
      logger.emit({ severityNumber: SeverityNumber.INFO, body: `record ${index}`, attributes });
    }
  };

  it('exports a record 5000 ms after it was emitted, not before', async () => {
    const provider = build();
    emit(provider, 1);
    await jest.advanceTimersByTimeAsync(4999);
    expect(exporter.records).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(exporter.records.map((record) => record.body)).toEqual(['record 0']);
  });

  it('exports at most 512 records per batch, a full batch at once', async () => {
    const provider = build();
    emit(provider, 1100);
    await jest.advanceTimersByTimeAsync(0);
    expect(exporter.batches.map((batch) => batch.length)).toEqual([512, 512]);
    await jest.advanceTimersByTimeAsync(5000);
    expect(exporter.batches.map((batch) => batch.length)).toEqual([512, 512, 76]);
  });

  it('queues at most 2048 records: the next one waiting is dropped and counted', async () => {
    const provider = build();
    exporter.answer = 'hang';
    emit(provider, 512); // out with the exporter, which does not answer
    emit(provider, 2048);
    expect(dropped).toBe(0);
    emit(provider, 1);
    expect(dropped).toBe(1);
  });

  it('gives up on an export after 30000 ms and goes on with the next batch', async () => {
    const provider = build();
    exporter.answer = 'hang';
    emit(provider, 1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(exporter.batches).toHaveLength(1);
    emit(provider, 1);
    // 30 s until the hanging export is given up, then the usual 5 s delay.
    await jest.advanceTimersByTimeAsync(34_999);
    expect(exporter.batches).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(exporter.batches).toHaveLength(2);
  });

  it('keeps 128 attributes of a record, counts the rest as dropped, and never shortens a value', async () => {
    const provider = build();
    const long = 'x'.repeat(100_000);
    const attributes = Object.fromEntries(Array.from({ length: 130 }, (_, index) => [`a${index}`, index === 0 ? long : 'v']));
    emit(provider, 1, attributes);
    await jest.advanceTimersByTimeAsync(5000);
    const [record] = exporter.records;
    expect(Object.keys(record?.attributes ?? {})).toHaveLength(128);
    expect(record?.droppedAttributesCount).toBe(2);
    expect(record?.attributes.a0).toBe(long);
  });

  it('tags every record with the console, its release and its environment', async () => {
    const provider = build();
    emit(provider, 1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(exporter.records[0]?.resource.attributes).toMatchObject({
      'service.name': 'order-cockpit',
      'service.version': '2026.11.0',
      'deployment.environment': 'test',
    });
  });
});
