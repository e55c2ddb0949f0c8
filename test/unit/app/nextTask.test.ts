import { nextTask } from '../../../src/app/nextTask';

describe('nextTask', () => {
  it('yields with scheduler.yield where the browser has it', async () => {
    const yielded = jest.fn(() => Promise.resolve());
    const win = { scheduler: { yield: yielded }, setTimeout: jest.fn() } as unknown as Window;
    await nextTask(win);
    expect(yielded).toHaveBeenCalledTimes(1);
    expect(win.setTimeout).not.toHaveBeenCalled();
  });

  it('resolves after a timer of 0 ms elsewhere', async () => {
    jest.useFakeTimers();
    try {
      let done = false;
      const task = nextTask(window).then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      jest.advanceTimersByTime(0);
      await task;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
