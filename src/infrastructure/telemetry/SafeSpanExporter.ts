import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-web';
import { EXPORT_SUCCESS, exportFailure, type ExportResult } from './exportResult';
import { scrubAttributes, scrubText } from './scrubSecrets';

/**
 * What leaves the console as spans: every name, attribute, event and link scrubbed of tokens,
 * credentials and passwords (the SDK's spans cannot be changed once ended, so the exporter hands
 * on scrubbed copies), failed exports counted, and nothing thrown.
 */
export class SafeSpanExporter implements SpanExporter {
  constructor(
    private readonly exporter: SpanExporter,
    private readonly onFailed: (count: number) => void,
  ) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    const done = (result: ExportResult) => {
      if (result.code !== EXPORT_SUCCESS) {
        this.onFailed(spans.length);
      }
      resultCallback(result);
    };
    try {
      this.exporter.export(spans.map(scrubSpan), done);
    } catch (error) {
      done(exportFailure(error));
    }
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

function scrubSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: scrubText(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status.message === undefined ? span.status : { ...span.status, message: scrubText(span.status.message) },
    attributes: scrubAttributes(span.attributes),
    links: span.links.map((link) => (link.attributes ? { ...link, attributes: scrubAttributes(link.attributes) } : link)),
    events: span.events.map((event) => ({
      ...event,
      name: scrubText(event.name),
      attributes: event.attributes && scrubAttributes(event.attributes),
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}
