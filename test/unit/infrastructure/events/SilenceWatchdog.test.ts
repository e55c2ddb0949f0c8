import { SilenceWatchdog } from '../../../../src/infrastructure/events/SilenceWatchdog';
import { FakeClock } from '../../support/fakes';
import { FakeTimers } from '../../support/liveFakes';

describe('SilenceWatchdog', () => {
  const timers = new FakeTimers();
  const clock = new FakeClock(0);
  const advance = (ms: number) => {
    clock.time += ms;
    timers.advance(ms);
  };
  let silences: number;
  let watchdog: SilenceWatchdog;

  beforeEach(() => {
    silences = 0;
    watchdog = new SilenceWatchdog(timers, clock, 1000);
  });

  afterEach(() => watchdog.dispose());

  it('tells once a silence lasts the timeout from the start', () => {
    watchdog.watch(() => silences++);
    advance(999);
    expect(silences).toBe(0);
    advance(1);
    expect(silences).toBe(1);
    advance(5000);
    expect(silences).toBe(1);
  });

  it('counts the timeout from the last sign of life, with one timer however many signs come', () => {
    const after = jest.spyOn(timers, 'after');
    watchdog.watch(() => silences++);
    for (let i = 0; i < 9; i++) {
      advance(100);
      watchdog.heard();
    }
    expect(after).toHaveBeenCalledTimes(1);
    advance(100);
    expect(silences).toBe(0);
    // The timer fired at 1000 ms and waits for what is left: 900 ms after the last sign (at 900 ms).
    advance(899);
    expect(silences).toBe(0);
    advance(1);
    expect(silences).toBe(1);
  });

  it('starts over when watching again, and tells nothing once disposed', () => {
    watchdog.watch(() => silences++);
    advance(800);
    watchdog.watch(() => (silences += 10));
    advance(800);
    expect(silences).toBe(0);
    advance(200);
    expect(silences).toBe(10);
    watchdog.watch(() => silences++);
    watchdog.dispose();
    advance(5000);
    expect(silences).toBe(10);
  });
});
