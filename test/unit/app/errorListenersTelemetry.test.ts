import { installErrorListeners } from '../../../src/app/errorListeners';
import type { Telemetry } from '../../../src/domain/ports/Telemetry';
import type { OtelTelemetry } from '../../../src/infrastructure/telemetry/OtelTelemetry';
import { startOtelTelemetry } from '../../../src/infrastructure/telemetry/startOtelTelemetry';
import { SteeredLogExporter, SteeredSpanExporter } from '../infrastructure/telemetry/telemetryFakes';

/** Telemetry that records what it is told. */
class RecordingTelemetry implements Telemetry {
  readonly recorded: [unknown, Record<string, string> | undefined][] = [];
  recordError(error: unknown, attributes?: Record<string, string>): void {
    this.recorded.push([error, attributes]);
  }
  async flush(): Promise<void> {}
}

/** An `unhandledrejection` event as the browser dispatches it (jsdom has no PromiseRejectionEvent). */
function rejectionEvent(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason, promise: Promise.resolve() });
}

describe('installErrorListeners', () => {
  let telemetry: RecordingTelemetry;
  let uninstall: () => void;

  beforeEach(() => {
    telemetry = new RecordingTelemetry();
    uninstall = installErrorListeners(window, telemetry);
  });

  afterEach(() => uninstall());

  it('records an uncaught error with where it was caught', () => {
    const error = new TypeError('x is not a function');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    expect(telemetry.recorded).toEqual([[error, { 'error.source': 'window.error' }]]);
  });

  it('records an error without error object (another origin’s script) by its message', () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(telemetry.recorded).toEqual([[new Error('Script error.'), { 'error.source': 'window.error' }]]);
  });

  it('records an unhandled rejection with its reason', () => {
    window.dispatchEvent(rejectionEvent('offline'));
    expect(telemetry.recorded).toEqual([['offline', { 'error.source': 'unhandledrejection' }]]);
  });

  it('stops when uninstalled', () => {
    uninstall();
    // Once is enough (jest's jsdom counts every removal of an error listener, even a repeated one).
    uninstall = () => undefined;
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    window.dispatchEvent(rejectionEvent('late'));
    expect(telemetry.recorded).toEqual([]);
  });
});

describe('uncaught errors reach the exporters and the console', () => {
  let spans: SteeredSpanExporter;
  let logs: SteeredLogExporter;
  let printed: unknown[];
  let telemetry: OtelTelemetry;
  let uninstall: () => void;

  beforeEach(() => {
    spans = new SteeredSpanExporter();
    logs = new SteeredLogExporter();
    printed = [];
    telemetry = startOtelTelemetry({
      release: '2026.11.0',
      environment: 'test',
      telemetryBase: '',
      apiBase: '/api',
      window,
      console: { ...console, error: (...args: unknown[]) => void printed.push(...args) },
      instrument: false,
      createExporters: () => ({ spans, logs }),
    });
    uninstall = installErrorListeners(window, telemetry);
  });

  afterEach(async () => {
    uninstall();
    await telemetry.shutdown();
  });

  it.each([
    ['window error', () => window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('boom') })), 'window.error'],
    ['unhandled rejection', () => window.dispatchEvent(rejectionEvent(new RangeError('boom'))), 'unhandledrejection'],
  ])('%s: an exception event on a span, an error log record, and the console', async (_name, raise, source) => {
    raise();
    await telemetry.flush();
    expect(spans.records.map((span) => [span.attributes['error.source'], span.events.map((event) => event.attributes?.['exception.message'])])).toEqual([
      [source, ['boom']],
    ]);
    expect(logs.records.map((record) => [record.severityNumber, record.body, record.attributes['exception.type']])).toEqual([[17, 'boom', 'RangeError']]);
    expect(printed).toEqual([new RangeError('boom')]);
  });
});
