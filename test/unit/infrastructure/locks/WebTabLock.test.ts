import { WebTabLock } from '../../../../src/infrastructure/locks/WebTabLock';

/** The browser's locks of one origin, shared by the tabs: a held lock is granted to the next once released. */
class FakeLockManager {
  readonly asked: { name: string; ifAvailable: boolean }[] = [];
  private held: Promise<unknown> | null = null;

  async request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T> {
    this.asked.push({ name, ifAvailable: options.ifAvailable ?? false });
    if (this.held && options.ifAvailable) {
      return callback(null);
    }
    while (this.held) {
      await this.held.catch(() => undefined);
    }
    const running = callback({ name });
    this.held = running;
    try {
      return await running;
    } finally {
      this.held = null;
    }
  }
}

describe('WebTabLock', () => {
  it('runs the work under the browser\'s lock of that name at once where it is free, and answers its result', async () => {
    const locks = new FakeLockManager();
    const waited: boolean[] = [];
    await expect(new WebTabLock({ locks }).run('renewal', async (didWait) => (waited.push(didWait), 42))).resolves.toBe(42);
    expect(locks.asked).toEqual([{ name: 'renewal', ifAvailable: true }]);
    expect(waited).toEqual([false]);
  });

  it('lets work wait its turn where another tab holds the lock, and tells it that it waited', async () => {
    const locks = new FakeLockManager();
    let release: () => void = () => undefined;
    const otherTab = new WebTabLock({ locks }).run('renewal', () => new Promise<void>((resolve) => (release = resolve)));
    const order: string[] = [];
    const thisTab = new WebTabLock({ locks }).run('renewal', async (waited) => {
      order.push(`this tab, waited: ${waited}`);
      return 'renewed';
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual([]);
    order.push('other tab done');
    release();
    await otherTab;
    await expect(thisTab).resolves.toBe('renewed');
    expect(order).toEqual(['other tab done', 'this tab, waited: true']);
  });

  it('runs the work at once where the browser has no locks', async () => {
    await expect(new WebTabLock({}).run('renewal', async (waited) => `done, waited: ${waited}`)).resolves.toBe('done, waited: false');
    await expect(new WebTabLock(undefined).run('renewal', async () => 'done')).resolves.toBe('done');
  });
});
