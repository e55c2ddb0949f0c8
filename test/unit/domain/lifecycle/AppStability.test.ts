import { AppStability } from '../../../../src/domain/lifecycle/AppStability';
import { FakeTimers } from '../../support/liveFakes';

/** Lets pending promise callbacks run (FakeTimers do not touch the real ones). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AppStability', () => {
  let timers: FakeTimers;
  let stability: AppStability;
  let stable: boolean;

  beforeEach(() => {
    timers = new FakeTimers();
    stability = new AppStability(timers);
    stable = false;
    void stability.whenStable().then(() => {
      stable = true;
    });
  });

  /** One turn of the console's timers, and the promises that follow it. */
  const turn = async () => {
    await flush();
    timers.advance(0);
    await flush();
  };

  it('is not stable before the first route rendered, however long that takes', async () => {
    timers.advance(60_000);
    await turn();
    expect(stable).toBe(false);
  });

  it('is stable after the first route rendered with no request under way, confirmed a timer turn later', async () => {
    stability.markRendered();
    await flush();
    expect(stable).toBe(false);
    timers.advance(0);
    await flush();
    expect(stable).toBe(true);
  });

  it('waits for the requests under way to settle', async () => {
    stability.started();
    stability.started();
    stability.markRendered();
    await turn();
    expect(stable).toBe(false);
    stability.finished();
    await turn();
    expect(stable).toBe(false);
    stability.finished();
    await turn();
    expect(stable).toBe(true);
  });

  it('is not stable when the rendered page starts its requests right after rendering', async () => {
    stability.markRendered();
    await flush();
    stability.started();
    timers.advance(0);
    await flush();
    expect(stable).toBe(false);
    stability.finished();
    await turn();
    expect(stable).toBe(true);
  });

  it('does not count below zero, so a stray finish does not hide a request under way', async () => {
    stability.finished();
    stability.started();
    stability.markRendered();
    await turn();
    expect(stable).toBe(false);
    expect(stability.pending).toBe(1);
  });

  it('a later call, while still stable, resolves after one timer turn', async () => {
    stability.markRendered();
    await turn();
    let again = false;
    void stability.whenStable().then(() => {
      again = true;
    });
    await turn();
    expect(again).toBe(true);
  });
});
