import type { Container } from 'inversify';
import type { Environment } from '../domain/model/Environment';
import type { RuntimeConfig } from '../domain/model/RuntimeConfig';
import { LazyTelemetry, type LoadedTelemetry } from '../infrastructure/telemetry/LazyTelemetry';
import type { OtelTelemetryOptions } from '../infrastructure/telemetry/startOtelTelemetry';

/** What the `telemetry` chunk offers. */
export interface OtelModule {
  startOtelTelemetry(options: OtelTelemetryOptions): LoadedTelemetry;
}

/**
 * The `telemetry` chunk, in production builds only. Webpack evaluates this very condition while
 * bundling and drops the other branch, so a development build does not even contain the chunk
 * (spec: no OpenTelemetry in development). PRODUCTION_BUILD cannot stand in for it: webpack does
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
 * Loads OpenTelemetry once the console has painted its first frame, so it never delays start-up,
 * and hands the container's LazyTelemetry over to it. Does nothing where no LazyTelemetry is bound
 * (development) or no chunk exists.
 */
export function startTelemetry(container: Container, { config, environment, window: win }: TelemetryStart, load = loadOtelModule): void {
  if (!load || environment === 'development' || !container.isBound(LazyTelemetry)) {
    return;
  }
  const lazy = container.get(LazyTelemetry);
  afterFirstPaint(win, () => {
    void lazy.load(async () => {
      const { startOtelTelemetry } = await load();
      return startOtelTelemetry({ release: config.release, environment, telemetryBase: config.telemetryBase, apiBase: config.apiBase, window: win });
    });
  });
}

/** How long a hidden tab, which paints no frames, waits before loading anyway. */
const HIDDEN_TAB_WAIT_MS = 2000;

/** Runs `task` in the task after the next frame (the first paint), or after a while in a tab that paints none. */
function afterFirstPaint(win: Window, task: () => void): void {
  let done = false;
  const runOnce = () => {
    if (!done) {
      done = true;
      task();
    }
  };
  win.requestAnimationFrame(() => win.setTimeout(runOnce, 0));
  win.setTimeout(runOnce, HIDDEN_TAB_WAIT_MS);
}
