import type { Feature } from '../Feature';
import { telemetryLimiter } from '../rateLimiters';
import type { SharedServices } from '../SharedServices';
import { registerTelemetryRoutes, type TelemetryOptions } from './telemetryRoutes';

/** The console's telemetry (`POST /v1/traces`, `/v1/logs`), open: forwarded to a collector or summarised in the log. */
export function telemetryPlugin(services: SharedServices, options: TelemetryOptions | undefined): Feature {
  return {
    open: (app) => registerTelemetryRoutes(app, { clock: services.clock, options, limiter: telemetryLimiter(services, options) }),
  };
}
