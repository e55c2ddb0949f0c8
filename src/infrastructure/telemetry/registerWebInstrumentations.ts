import type { TracerProvider } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { DocumentLoadInstrumentation } from '@opentelemetry/instrumentation-document-load';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { UserInteractionInstrumentation } from '@opentelemetry/instrumentation-user-interaction';

/**
 * Page loads, clicks and fetch calls become spans. Every request of the console is a fetch
 * (the HttpClient, the event stream, the exporters), so XMLHttpRequest is not instrumented. Trace
 * context goes to the console's own origin only: the instrumentation always propagates there and to
 * no other origin unless listed, and none is. `ignoredUrls` are not traced at all. Returns the
 * function that removes the instrumentations again.
 */
export function registerWebInstrumentations(tracerProvider: TracerProvider, ignoredUrls: RegExp[]): () => void {
  return registerInstrumentations({
    tracerProvider,
    instrumentations: [
      new DocumentLoadInstrumentation(),
      new UserInteractionInstrumentation(),
      new FetchInstrumentation({ propagateTraceHeaderCorsUrls: [], ignoreUrls: ignoredUrls }),
    ],
  });
}
