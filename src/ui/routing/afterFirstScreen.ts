/**
 * When work that the first screen does not need may run: after the first screen is done (its
 * route rendered with its requests answered: `AppStability.whenStable`; on `/orders` the first
 * rows are on screen), the frame that paints it, and then when the browser is idle. Telemetry and
 * the service worker's registration wait for it, so neither competes with what the operator waits
 * for; the order drawer's chunk, the operator's likely next step, waits only for the frame that
 * paints the first rows (`afterNextPaint`).
 */

/** How long to wait for the first screen to settle (requests that never end, say) before going on anyway. */
export const FIRST_SCREEN_WAIT_MS = 10_000;

/** How long a hidden tab, which paints no frames, waits for its first paint. */
export const HIDDEN_TAB_WAIT_MS = 2000;

/** How long a busy main thread may keep the work waiting for an idle moment. */
export const IDLE_WAIT_MS = 2000;

/** Where the browser has no `requestIdleCallback`: how long after the first paint the work runs. */
export const NO_IDLE_CALLBACK_WAIT_MS = 1000;

/** Runs `task` once `firstScreen` is done (at most FIRST_SCREEN_WAIT_MS), its frame has painted and the browser is idle. */
export function afterFirstScreen(win: Window, firstScreen: Promise<void>, task: () => void): void {
  void withinTime(win, firstScreen, FIRST_SCREEN_WAIT_MS).then(() => whenPaintedAndIdle(win, task));
}

/** Runs `task` after the next frame has painted and then when the browser is idle. */
export function whenPaintedAndIdle(win: Window, task: () => void): void {
  afterNextPaint(win, () => whenIdle(win, task));
}

/** Resolves when `promise` does or after `milliseconds`, whichever comes first. */
function withinTime(win: Window, promise: Promise<void>, milliseconds: number): Promise<void> {
  return new Promise((resolve) => {
    win.setTimeout(resolve, milliseconds);
    promise.then(resolve, resolve);
  });
}

/** Runs `task` in the task after the next frame (the first paint), or after a while in a tab that paints none. */
export function afterNextPaint(win: Window, task: () => void): void {
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
