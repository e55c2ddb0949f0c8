import { objectsAt, parseJsonObject, stringAt } from './otlpJson';
import { decodeTraceRequest } from './otlpMessages';
import { Tally } from './Tally';
import type { TelemetryFormat } from './TelemetrySummary';

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
  for (const resourceSpans of decodeTraceRequest(body).resourceSpans) {
    for (const scopeSpans of resourceSpans.scopeSpans) {
      for (const span of scopeSpans.spans) {
        names.add(span.name);
      }
    }
  }
  return names;
}
