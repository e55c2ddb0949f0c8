import { objectsAt, parseJsonObject, stringAt } from './otlpJson';
import { messageOf, protobufFields, stringOf } from './protobufWire';
import { Tally } from './Tally';
import type { TelemetryFormat } from './TelemetrySummary';

/*
 * Field numbers of opentelemetry/proto/collector/trace/v1/trace_service.proto and trace/v1/trace.proto:
 * ExportTraceServiceRequest.resource_spans = 1, ResourceSpans.scope_spans = 2, ScopeSpans.spans = 2,
 * Span.name = 5. Other fields are skipped unread.
 */
const RESOURCE_SPANS = 1;
const SCOPE_SPANS = 2;
const SPANS = 2;
const SPAN_NAME = 5;

/** The span names of an ExportTraceServiceRequest with their counts; throws `TelemetryDecodeError`. */
export function spanNames(body: Uint8Array, format: TelemetryFormat): Tally {
  const names = new Tally();
  if (format === 'json') {
    for (const resourceSpans of objectsAt(parseJsonObject(body), 'resourceSpans')) {
      for (const scopeSpans of objectsAt(resourceSpans, 'scopeSpans')) {
        for (const span of objectsAt(scopeSpans, 'spans')) {
          names.add(stringAt(span, 'name'));
        }
      }
    }
    return names;
  }
  for (const resourceSpans of protobufFields(body)) {
    if (resourceSpans.number !== RESOURCE_SPANS) continue;
    for (const scopeSpans of messageOf(resourceSpans)) {
      if (scopeSpans.number !== SCOPE_SPANS) continue;
      for (const span of messageOf(scopeSpans)) {
        if (span.number !== SPANS) continue;
        let name = '';
        for (const field of messageOf(span)) {
          if (field.number === SPAN_NAME) name = stringOf(field);
        }
        names.add(name);
      }
    }
  }
  return names;
}
