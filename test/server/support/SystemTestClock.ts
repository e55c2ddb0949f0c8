import { TestClock } from './testServer';

/** Everything jest's fake timers can replace but `Date`: timers, ticks and performance run as they do. */
const ALL_BUT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * A TestClock that, once installed, moves the system clock too: rate-limiter-flexible reads
 * `Date.now()`, not the app's clock. Only `Date` is faked (jest's fake timers), at this clock's time;
 * every timer runs as it does. `install()` before the tests that count limits, `uninstall()` after.
 */
export class SystemTestClock extends TestClock {
  private installed = false;

  install(): void {
    jest.useFakeTimers({ doNotFake: [...ALL_BUT_DATE], now: this.now() });
    this.installed = true;
  }

  uninstall(): void {
    jest.useRealTimers();
    this.installed = false;
  }

  override advance(milliseconds: number): void {
    super.advance(milliseconds);
    if (this.installed) jest.setSystemTime(this.now());
  }
}
