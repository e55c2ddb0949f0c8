import { context, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { SeverityNumber, type Logger } from '@opentelemetry/api-logs';
import type { LoggerProvider } from '@opentelemetry/sdk-logs';
import type { WebTracerProvider } from '@opentelemetry/sdk-trace-web';
import type { Telemetry } from '../../domain/ports/Telemetry';
import { LOG_FLUSH_TIMEOUT_MILLIS, SERVICE_NAME } from './telemetrySettings';
import type { TelemetryLosses } from './TelemetryLosses';
import { toError } from './toError';

export interface OtelTelemetryParts {
  tracerProvider: WebTracerProvider;
  loggerProvider: LoggerProvider;
  /** Prints an error to the console without mirroring it into a second log record. */
  printError(error: unknown): void;
  losses: TelemetryLosses;
  /** Undoes what was installed around the providers (instrumentations, console mirror, listeners). */
  uninstall(): void;
}

/**
 * Telemetry on OpenTelemetry: an error becomes an exception event on a span and an
 * error log record in that span's trace, and is printed to the console. Nothing it does throws or
 * rejects: telemetry must not add failures of its own.
 */
export class OtelTelemetry implements Telemetry {
  private readonly tracer: Tracer;
  private readonly logger: Logger;

  constructor(private readonly parts: OtelTelemetryParts) {
    this.tracer = parts.tracerProvider.getTracer(SERVICE_NAME);
    this.logger = parts.loggerProvider.getLogger(SERVICE_NAME);
  }

  /** What was lost so far (dropped from full queues, failed exports). */
  get losses(): Readonly<TelemetryLosses> {
    return this.parts.losses;
  }

  recordError(error: unknown, attributes?: Record<string, string>): void {
    this.capture(error, attributes);
    this.parts.printError(error);
  }

  /** Records an error that has already been printed (it happened before telemetry had loaded). */
  capture(error: unknown, attributes: Record<string, string> = {}): void {
    try {
      const exception = toError(error);
      const span = this.tracer.startSpan('error', { attributes });
      span.recordException(exception);
      span.setStatus({ code: SpanStatusCode.ERROR, message: exception.message });
      this.logger.emit({
        severityNumber: SeverityNumber.ERROR,
        severityText: 'Error',
        body: exception.message,
        attributes: {
          ...attributes,
          'exception.type': exception.name,
          'exception.message': exception.message,
          ...(exception.stack ? { 'exception.stacktrace': exception.stack } : {}),
        },
        context: trace.setSpan(context.active(), span),
      });
      span.end();
    } catch {
      // Recording an error must not raise another one.
    }
  }

  async flush(): Promise<void> {
    await Promise.allSettled([
      this.parts.tracerProvider.forceFlush(),
      this.parts.loggerProvider.forceFlush({ timeoutMillis: LOG_FLUSH_TIMEOUT_MILLIS }),
    ]);
  }

  /** Stops everything it installed and sends what is left. */
  async shutdown(): Promise<void> {
    this.parts.uninstall();
    await Promise.allSettled([this.parts.tracerProvider.shutdown(), this.parts.loggerProvider.shutdown()]);
  }
}
