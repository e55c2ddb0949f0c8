import { SeverityNumber } from '@opentelemetry/api-logs';
import type { OtelTelemetry } from '../../../../src/infrastructure/telemetry/OtelTelemetry';
import { startOtelTelemetry, type OtelTelemetryOptions } from '../../../../src/infrastructure/telemetry/startOtelTelemetry';
import type { TelemetryEndpoints } from '../../../../src/infrastructure/telemetry/telemetryEndpoints';
import { SteeredLogExporter, SteeredSpanExporter } from './telemetryFakes';

/** A console whose methods only record their calls, standing in for the page's. */
function recordingConsole() {
  const calls: [string, unknown[]][] = [];
  const record = (method: string) => (...args: unknown[]) => void calls.push([method, args]);
  const fake = { log: record('log'), debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
  return { console: fake as unknown as Console, calls };
}

describe('startOtelTelemetry', () => {
  let spans: SteeredSpanExporter;
  let logs: SteeredLogExporter;
  let endpoints: TelemetryEndpoints | undefined;
  let output: ReturnType<typeof recordingConsole>;
  let telemetry: OtelTelemetry | undefined;

  const start = (options: Partial<OtelTelemetryOptions> = {}) => {
    telemetry = startOtelTelemetry({
      release: '2026.11.0',
      environment: 'test',
      telemetryBase: '',
      apiBase: '/api',
      window,
      console: output.console,
      instrument: false,
      createExporters: (given) => {
        endpoints = given;
        return { spans, logs };
      },
      ...options,
    });
    return telemetry;
  };

  beforeEach(() => {
    jest.useFakeTimers();
    spans = new SteeredSpanExporter();
    logs = new SteeredLogExporter();
    endpoints = undefined;
    output = recordingConsole();
  });

  afterEach(async () => {
    await telemetry?.shutdown();
    telemetry = undefined;
    jest.useRealTimers();
  });

  it('sends to /v1/traces and /v1/logs on the own origin unless telemetryBase names another base', () => {
    start();
    expect(endpoints).toMatchObject({ traces: 'http://localhost/v1/traces', logs: 'http://localhost/v1/logs' });
    void telemetry?.shutdown();
    start({ telemetryBase: 'https://otel.example.com/collector/' });
    expect(endpoints).toMatchObject({ traces: 'https://otel.example.com/collector/v1/traces', logs: 'https://otel.example.com/collector/v1/logs' });
  });

  it('mirrors log, debug, info, warn and error as records with severities 5, 5, 9, 13, 17, still printing each', async () => {
    start();
    output.console.log('a log');
    output.console.debug('a debug');
    output.console.info('an info');
    output.console.warn('probe');
    output.console.error('an error', { code: 7 });
    await telemetry?.flush();

    expect(output.calls).toEqual([
      ['log', ['a log']],
      ['debug', ['a debug']],
      ['info', ['an info']],
      ['warn', ['probe']],
      ['error', ['an error', { code: 7 }]],
    ]);
    expect(logs.records.map((record) => [record.severityNumber, record.severityText, record.body])).toEqual([
      [SeverityNumber.DEBUG, 'Debug', 'a log'],
      [SeverityNumber.DEBUG, 'Debug', 'a debug'],
      [SeverityNumber.INFO, 'Information', 'an info'],
      [SeverityNumber.WARN, 'Warning', 'probe'],
      [SeverityNumber.ERROR, 'Error', 'an error {"code":7}'],
    ]);
    expect(logs.records.map((record) => record.severityNumber)).toEqual([5, 5, 9, 13, 17]);
  });

  it('puts the console back on shutdown', async () => {
    const before = output.console.warn;
    start();
    expect(output.console.warn).not.toBe(before);
    await telemetry?.shutdown();
    telemetry = undefined;
    expect(output.console.warn).toBe(before);
  });

  it('records an error as an exception event on a span and one error log record in its trace, printed once', async () => {
    start();
    const error = new TypeError('x is not a function');
    telemetry?.recordError(error, { 'error.source': 'window.error' });
    await telemetry?.flush();

    expect(output.calls).toEqual([['error', [error]]]);
    const [span] = spans.records;
    expect(span?.attributes).toEqual({ 'error.source': 'window.error' });
    expect(span?.events).toEqual([
      expect.objectContaining({
        name: 'exception',
        attributes: expect.objectContaining({ 'exception.type': 'TypeError', 'exception.message': 'x is not a function' }),
      }),
    ]);
    expect(logs.records).toHaveLength(1);
    const [record] = logs.records;
    expect(record).toMatchObject({ severityNumber: 17, severityText: 'Error', body: 'x is not a function' });
    expect(record?.attributes).toMatchObject({ 'error.source': 'window.error', 'exception.type': 'TypeError' });
    expect(record?.spanContext?.traceId).toBe(span?.spanContext().traceId);
  });

  it('describes a rejection that is no Error', async () => {
    start();
    telemetry?.recordError({ status: 503 });
    await telemetry?.flush();
    expect(logs.records[0]?.body).toBe('{"status":503}');
  });

  it('flushes pending spans and logs when the page becomes hidden', async () => {
    start();
    output.console.warn('pending');
    telemetry?.recordError(new Error('pending too'));
    expect(logs.records).toHaveLength(0);

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(0);
    expect(logs.records).toHaveLength(0);

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(0);
    expect(logs.records.map((record) => record.body)).toEqual(['pending', 'pending too']);
    expect(spans.records).toHaveLength(1);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('flushes pending logs when the page is unloaded (pagehide)', async () => {
    start();
    output.console.info('last words');
    window.dispatchEvent(new Event('pagehide'));
    await jest.advanceTimersByTimeAsync(0);
    expect(logs.records.map((record) => record.body)).toEqual(['last words']);
  });

  describe('with the endpoint failing', () => {
    let rejections: unknown[];
    const onRejection = (reason: unknown) => rejections.push(reason);

    beforeEach(() => {
      rejections = [];
      process.on('unhandledRejection', onRejection);
    });

    afterEach(() => {
      process.off('unhandledRejection', onRejection);
    });

    it.each(['failure', 'throw', 'hang'] as const)('(%s) counts what is lost, rejects nothing and stays bounded', async (answer) => {
      spans.answer = answer;
      logs.answer = answer;
      const started = start();
      for (let index = 0; index < 3000; index += 1) {
        output.console.warn(`warning ${index}`);
        started.recordError(new Error(`error ${index}`));
      }
      await jest.advanceTimersByTimeAsync(120_000);
      const flushed = started.flush();
      await jest.advanceTimersByTimeAsync(60_000);
      await expect(flushed).resolves.toBeUndefined();
      // Node reports unhandled rejections after the microtasks of a macrotask.
      jest.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 0));

      expect(rejections).toEqual([]);
      expect(started.losses.droppedSpans).toBeGreaterThan(0);
      expect(started.losses.droppedLogRecords).toBeGreaterThan(0);
      if (answer !== 'hang') {
        expect(started.losses.failedSpans).toBeGreaterThan(0);
        expect(started.losses.failedLogRecords).toBeGreaterThan(0);
      }
      // What reached the exporter at all is bounded by the queues, not by what was recorded.
      expect(spans.records.length).toBeLessThan(3000);
    });
  });
});
