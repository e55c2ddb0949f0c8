import { DomUserActivity } from '../../../../src/infrastructure/activity/DomUserActivity';
import { FakeClock } from '../../support/fakes';

describe('DomUserActivity', () => {
  const IDLE_MS = 30 * 60_000;
  let clock: FakeClock;
  let activity: DomUserActivity;

  beforeEach(() => {
    clock = new FakeClock();
    activity = new DomUserActivity(window, clock, IDLE_MS);
  });

  afterEach(() => activity.dispose());

  it('counts the start as use, is idle after the limit without input, and tells when input comes again', () => {
    const resumed = jest.fn();
    activity.onDidResume(resumed);
    clock.time += IDLE_MS;
    expect(activity.idle).toBe(false);
    clock.time += 1;
    expect(activity.idle).toBe(true);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(activity.idle).toBe(false);
    expect(resumed).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown', 'wheel', 'touchstart'])('takes %s as use', (type) => {
    clock.time += IDLE_MS + 1;
    window.dispatchEvent(new Event(type));
    expect(activity.idle).toBe(false);
  });

  it('listens no more once disposed', () => {
    activity.dispose();
    clock.time += IDLE_MS + 1;
    window.dispatchEvent(new Event('keydown'));
    expect(activity.idle).toBe(true);
  });
});
