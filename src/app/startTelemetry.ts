import type { Container } from 'inversify';
import { AppStability } from '../domain/lifecycle/AppStability';
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
  void withinTime(win, firstScreen, FIRST_SCREEN_WAIT_MS).then(() => afterFirstPaint(win, () => whenIdle(win, task)));
}

/** How long telemetry waits for the first screen to settle (requests that never end, say) before loading anyway. */
export const FIRST_SCREEN_WAIT_MS = 10_000;

/** How long a hidden tab, which paints no frames, waits before loading anyway. */
export const HIDDEN_TAB_WAIT_MS = 2000;

/** How long a busy main thread may keep telemetry waiting for an idle moment. */
export const IDLE_WAIT_MS = 2000;

/** Where the browser has no `requestIdleCallback`: how long after the first paint telemetry loads. */
export const NO_IDLE_CALLBACK_WAIT_MS = 1000;

/** Resolves when `promise` does or after `milliseconds`, whichever comes first. */
function withinTime(win: Window, promise: Promise<void>, milliseconds: number): Promise<void> {
  return new Promise((resolve) => {
    win.setTimeout(resolve, milliseconds);
    promise.then(resolve, resolve);
  });
}

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

/** Runs `task` when the browser is idle (at most IDLE_WAIT_MS later), or a while later where it cannot tell. */
function whenIdle(win: Window, task: () => void): void {
  if (typeof win.requestIdleCallback === 'function') {
    win.requestIdleCallback(() => task(), { timeout: IDLE_WAIT_MS });
  } else {
    win.setTimeout(task, NO_IDLE_CALLBACK_WAIT_MS);
  }
}
