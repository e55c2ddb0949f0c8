import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { LogRecordExporter } from '@opentelemetry/sdk-logs';
import type { SpanExporter } from '@opentelemetry/sdk-trace-web';
import { createLogging } from './createLogging';
import { createTracing } from './createTracing';
import { flushOnHide } from './flushOnHide';
import { mirrorConsole } from './mirrorConsole';
import { OtelTelemetry } from './OtelTelemetry';
import { registerWebInstrumentations } from './registerWebInstrumentations';
import { SafeLogRecordExporter } from './SafeLogRecordExporter';
import { SafeSpanExporter } from './SafeSpanExporter';
import { SERVICE_NAME } from './telemetrySettings';
import { telemetryEndpoints, type TelemetryEndpoints } from './telemetryEndpoints';
import { TelemetryLosses } from './TelemetryLosses';
import { telemetryResource } from './telemetryResource';

export interface TelemetryExporters {
  spans: SpanExporter;
  logs: LogRecordExporter;
}

export interface OtelTelemetryOptions {
  release: string;
  environment: 'test' | 'production';
  /** From `/config.json`: empty means the console's own origin. */
  telemetryBase: string;
  apiBase: string;
  window: Window;
  /** The console to mirror; default: the page's. */
  console?: Console;
  /** Where records go: OTLP over HTTP to the endpoints unless a test passes in-memory exporters. */
  createExporters?(endpoints: TelemetryEndpoints): TelemetryExporters;
  /** Page-load, click and fetch spans; on unless a test leaves them out. */
  instrument?: boolean;
}

/** OTLP/HTTP: traces as JSON, logs as protobuf (`application/x-protobuf`). */
function otlpExporters(endpoints: TelemetryEndpoints): TelemetryExporters {
  return { spans: new OTLPTraceExporter({ url: endpoints.traces }), logs: new OTLPLogExporter({ url: endpoints.logs }) };
}

/**
 * Starts OpenTelemetry in a deployed console: tracer and logger provider with the settings of telemetrySettings.ts,
 * scrubbing exporters, the web instrumentations, the console mirror and flushing on hide. This
 * module is the `telemetry` chunk, loaded after the first render; development builds never load it.
 */
export function startOtelTelemetry(options: OtelTelemetryOptions): OtelTelemetry {
  const win = options.window;
  const endpoints = telemetryEndpoints(options.telemetryBase, options.apiBase, win.location.origin);
  const exporters = (options.createExporters ?? otlpExporters)(endpoints);
  const resource = telemetryResource(options.release, options.environment);
  const losses = new TelemetryLosses();

  const tracerProvider = createTracing({
    resource,
    exporter: new SafeSpanExporter(exporters.spans, (count) => (losses.failedSpans += count)),
    onDropped: (count) => (losses.droppedSpans += count),
  });
  // Global registration gives the instrumentations the W3C propagator and the web context manager.
  tracerProvider.register();
  const loggerProvider = createLogging({
    resource,
    exporter: new SafeLogRecordExporter(exporters.logs, (count) => (losses.failedLogRecords += count)),
    onDropped: (count) => (losses.droppedLogRecords += count),
  });

  const mirrored = mirrorConsole(options.console ?? console, loggerProvider.getLogger(SERVICE_NAME));
  const unregister = options.instrument === false ? () => undefined : registerWebInstrumentations(tracerProvider, endpoints.ignoredUrls);
  // `telemetry` is read only once the page is hidden, long after it exists.
  const stopFlushing = flushOnHide(win, () => telemetry.flush());
  const telemetry = new OtelTelemetry({
    tracerProvider,
    loggerProvider,
    losses,
    printError: (error) => mirrored.original.error(error),
    uninstall() {
      stopFlushing();
      unregister();
      mirrored.restore();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  });
  return telemetry;
}
