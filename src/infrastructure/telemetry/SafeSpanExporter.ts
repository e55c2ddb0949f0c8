import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-web';
import { SafeExporter } from './SafeExporter';
import { scrubAttributes, scrubText } from './scrubSecrets';

/**
 * What leaves the console as spans: every name, attribute, event and link scrubbed of tokens,
 * credentials and passwords (the SDK's spans cannot be changed once ended, so the exporter hands
 * on scrubbed copies), failed exports counted, and nothing thrown.
 */
export class SafeSpanExporter extends SafeExporter<ReadableSpan> implements SpanExporter {
  constructor(exporter: SpanExporter, onFailed: (count: number) => void) {
    super(exporter, scrubSpan, onFailed);
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
