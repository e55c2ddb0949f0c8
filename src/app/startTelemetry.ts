import type { Container } from 'inversify';
import { AppStability } from '../domain/lifecycle/AppStability';
import type { Environment } from '../domain/model/Environment';
import type { RuntimeConfig } from '../../shared/RuntimeConfig';
import { LazyTelemetry, type LoadedTelemetry } from '../infrastructure/telemetry/LazyTelemetry';
import type { OtelTelemetryOptions } from '../infrastructure/telemetry/startOtelTelemetry';
import { afterFirstScreen } from '../ui/routing/afterFirstScreen';

// The waits telemetry takes from the first screen's (see afterFirstScreen).
export { FIRST_SCREEN_WAIT_MS, HIDDEN_TAB_WAIT_MS, IDLE_WAIT_MS, NO_IDLE_CALLBACK_WAIT_MS } from '../ui/routing/afterFirstScreen';

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
  environment: Environment;
  window: Window;
}

/**
 * Loads OpenTelemetry once the first screen is done, so it never competes with it: after the first
 * route has rendered with its requests answered (`AppStability`: on `/orders` the first rows are
 * on screen), the frame that paints it, and then when the browser is idle. Until then errors wait
 * in the container's LazyTelemetry, which hands them over. Does nothing where no LazyTelemetry is
 * bound (development) or no chunk exists.
 */
export function startTelemetry(container: Container, { config, environment, window: win }: TelemetryStart, load = loadOtelModule): void {
  if (!load || environment === 'development' || !container.isBound(LazyTelemetry)) {
    return;
  }
  const lazy = container.get(LazyTelemetry);
  const firstScreen = container.isBound(AppStability) ? container.get(AppStability).whenStable() : Promise.resolve();
  const task = () => {
    void lazy.load(async () => {
      const { startOtelTelemetry } = await load();
      return startOtelTelemetry({ release: config.release, environment, telemetryBase: config.telemetryBase, apiBase: config.apiBase, window: win });
    });
  };
  afterFirstScreen(win, firstScreen, task);
}
