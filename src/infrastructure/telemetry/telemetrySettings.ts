/** The console's name in every trace and log. */
export const SERVICE_NAME = 'order-cockpit';

/** Spans: exported a second after the first one ends, eight at a time, at most 32 waiting. */
export const SPAN_BATCH = {
  scheduledDelayMillis: 1000,
  maxQueueSize: 32,
  maxExportBatchSize: 8,
} as const;

/** Log records: every five seconds, up to 512 at a time, at most 2048 waiting. */
export const LOG_BATCH = {
  scheduledDelayMillis: 5000,
  maxQueueSize: 2048,
  maxExportBatchSize: 512,
  exportTimeoutMillis: 30000,
} as const;

/** How long a forced flush of the logs may take. */
export const LOG_FLUSH_TIMEOUT_MILLIS = 30000;

/** Up to 128 attributes per log record; values are not cut short (no length limit). */
export const LOG_RECORD_LIMITS = { attributeCountLimit: 128 } as const;

/** Errors recorded before OpenTelemetry has loaded that are kept to be recorded once it has. */
export const MAX_ERRORS_BEFORE_LOAD = 20;
