import type { TracerProvider } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { DocumentLoadInstrumentation } from '@opentelemetry/instrumentation-document-load';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { UserInteractionInstrumentation } from '@opentelemetry/instrumentation-user-interaction';
import { XMLHttpRequestInstrumentation } from '@opentelemetry/instrumentation-xml-http-request';

/**
 * Page loads, clicks, fetch and XMLHttpRequest calls become spans (spec). Trace context goes to the
 * console's own origin only: the instrumentations always propagate there and to no other origin
 * unless listed, and none is. `ignoredUrls` are not traced at all. Returns the function that removes
 * the instrumentations again.
 */
export function registerWebInstrumentations(tracerProvider: TracerProvider, ignoredUrls: RegExp[]): () => void {
  const network = { propagateTraceHeaderCorsUrls: [], ignoreUrls: ignoredUrls };
  return registerInstrumentations({
    tracerProvider,
    instrumentations: [
      new DocumentLoadInstrumentation(),
      new UserInteractionInstrumentation(),
      new FetchInstrumentation(network),
      new XMLHttpRequestInstrumentation(network),
    ],
  });
}
