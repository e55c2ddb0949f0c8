import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { telemetryLimiterFor } from './telemetryLimiterFor';
import { registerTelemetryRoutes, type TelemetryOptions, telemetryRateLimits } from './telemetryRoutes';

/** The console's telemetry (`POST /v1/traces`, `/v1/logs`), open: forwarded to a collector or summarised in the log. */
export function telemetryPlugin(services: SharedServices, options: TelemetryOptions | undefined): Feature {
  return {
    open: (app) =>
      registerTelemetryRoutes(app, {
        clock: services.clock,
        options,
        limiter: telemetryLimiterFor(services.database, services.clock, telemetryRateLimits(options), (error) =>
          services.log.warn({ err: error }, 'telemetry limits: the database did not answer; this process counts alone meanwhile'),
        ),
      }),
  };
}
