import type { MeterProvider } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, WebTracerProvider, type BatchSpanProcessorBrowserConfig, type SpanExporter } from '@opentelemetry/sdk-trace-web';
import { queueDropCounter } from './queueDropCounter';
import { SPAN_BATCH } from './telemetrySettings';

export interface TracingOptions {
  resource: Resource;
  exporter: SpanExporter;
  /** Told how many spans the full queue dropped. */
  onDropped(count: number): void;
}

/** The tracer provider: one batch processor with its delay, queue and batch sizes. */
export function createTracing({ resource, exporter, onDropped }: TracingOptions): WebTracerProvider {
  // The web package's processor passes its options on to the SDK's, which reads
  // `selfObsMeterProvider`; its own options type just does not name it.
  const options: BatchSpanProcessorBrowserConfig & { selfObsMeterProvider: MeterProvider } = {
    ...SPAN_BATCH,
    // flushOnHide flushes traces and logs together, on the window's `pagehide` too.
    disableAutoFlushOnDocumentHide: true,
    selfObsMeterProvider: queueDropCounter(onDropped),
  };
  return new WebTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter, options)] });
}
