/** The Prioritized Task Scheduling API where the browser has it (`scheduler.yield`). */
interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a task of its own, so that the browser may paint and handle input in between: with
 * `scheduler.yield()` where the browser has it (the rest of the start then goes before other
 * tasks queued meanwhile), else with a timer of no delay.
 */
export function nextTask(win: Window = window): Promise<void> {
  const scheduler = (win as Window & { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') {
    return scheduler.yield();
  }
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
