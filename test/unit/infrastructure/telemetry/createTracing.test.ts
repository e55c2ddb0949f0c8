import { createTracing } from '../../../../src/infrastructure/telemetry/createTracing';
import { telemetryResource } from '../../../../src/infrastructure/telemetry/telemetryResource';
import { SteeredSpanExporter } from './telemetryFakes';

describe('createTracing: the batch span processor of the spec', () => {
  let exporter: SteeredSpanExporter;
  let dropped: number;

  beforeEach(() => {
    jest.useFakeTimers();
    exporter = new SteeredSpanExporter();
    dropped = 0;
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const build = () => createTracing({ resource: telemetryResource('2026.11.0', 'test'), exporter, onDropped: (count) => (dropped += count) });

  const endSpans = (provider: ReturnType<typeof build>, count: number, from = 0) => {
    const tracer = provider.getTracer('test');
    for (let index = from; index < from + count; index += 1) {
      tracer.startSpan(`span ${index}`).end();
    }
  };

  it('exports a span 1000 ms after it ended, not before', async () => {
    const provider = build();
    endSpans(provider, 1);
    await jest.advanceTimersByTimeAsync(999);
    expect(exporter.records).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(exporter.records.map((span) => span.name)).toEqual(['span 0']);
  });

  it('exports at most 8 spans per batch, a full batch at once', async () => {
    const provider = build();
    endSpans(provider, 7);
    expect(exporter.batches).toHaveLength(0);
    endSpans(provider, 1, 7);
    expect(exporter.batches.map((batch) => batch.length)).toEqual([8]);
    endSpans(provider, 12, 8);
    await jest.advanceTimersByTimeAsync(1000);
    expect(exporter.batches.map((batch) => batch.length)).toEqual([8, 8, 4]);
  });

  it('queues at most 32 spans: the 33rd waiting span is dropped and counted', async () => {
    const provider = build();
    exporter.answer = 'hang';
    endSpans(provider, 8); // these 8 are out with the exporter, which does not answer
    endSpans(provider, 32, 8); // the queue is full
    expect(dropped).toBe(0);
    endSpans(provider, 1, 40);
    expect(dropped).toBe(1);

    exporter.answer = 'success';
    exporter.answerPending();
    await jest.advanceTimersByTimeAsync(5000);
    expect(exporter.records).toHaveLength(40);
    expect(exporter.records.map((span) => span.name)).not.toContain('span 40');
  });

  it('tags every span with the console, its release and its environment', async () => {
    const provider = createTracing({ resource: telemetryResource('2026.11.0', 'production'), exporter, onDropped: () => undefined });
    endSpans(provider, 1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(exporter.records[0]?.resource.attributes).toMatchObject({
      'service.name': 'order-cockpit',
      'service.version': '2026.11.0',
      'deployment.environment': 'production',
    });
  });
});
