import type { SpanExporter } from '@opentelemetry/sdk-trace-web';

/** The SDK's export result, taken from the exporter interface (its home, @opentelemetry/core, is no direct dependency). */
export type ExportResult = Parameters<Parameters<SpanExporter['export']>[1]>[0];

/** `ExportResultCode.SUCCESS` and `ExportResultCode.FAILED` of @opentelemetry/core. */
export const EXPORT_SUCCESS = 0 as ExportResult['code'];
export const EXPORT_FAILED = 1 as ExportResult['code'];

/** A failed export result for whatever was thrown. */
export function exportFailure(error: unknown): ExportResult {
  return { code: EXPORT_FAILED, error: error instanceof Error ? error : new Error(String(error)) };
}
