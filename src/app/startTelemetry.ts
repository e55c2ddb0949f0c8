import type { Environment } from '../domain/model/Environment';
import type { RuntimeConfig } from '../../shared/RuntimeConfig';
import type { LazyTelemetry, LoadedTelemetry } from '../infrastructure/telemetry/LazyTelemetry';
import type { OtelTelemetryOptions } from '../infrastructure/telemetry/startOtelTelemetry';

/** What the `telemetry` chunk offers. */
export interface OtelModule {
  startOtelTelemetry(options: OtelTelemetryOptions): LoadedTelemetry;
}

/**
 * The `telemetry` chunk, in production builds only. Webpack evaluates this very condition while
 * bundling and drops the other branch, so a development build does not even contain the chunk
 * (no OpenTelemetry in development). PRODUCTION_BUILD cannot stand in for it: webpack does
 * not evaluate an imported constant.
 */
export const loadOtelModule: (() => Promise<OtelModule>) | undefined =
  process.env.NODE_ENV === 'production'
    ? () => import(/* webpackChunkName: "telemetry" */ '../infrastructure/telemetry/startOtelTelemetry')
    : undefined;

export interface TelemetryStart {
  config: RuntimeConfig;
  environment: Exclude<Environment, 'development'>;
  window: Window;
}

/**
 * Loads OpenTelemetry and hands the errors `lazy` kept until then over to it. The deployed
 * environment's contribution calls it once the first screen is done (`ConsoleContributions`), so
 * it never competes with it. Does nothing where there is no chunk (a development build).
 */
export function startTelemetry(lazy: LazyTelemetry, { config, environment, window: win }: TelemetryStart, load = loadOtelModule): void {
  if (!load) {
    return;
  }
  void lazy.load(async () => {
    const { startOtelTelemetry } = await load();
    return startOtelTelemetry({ release: config.release, environment, telemetryBase: config.telemetryBase, apiBase: config.apiBase, window: win });
  });
}
