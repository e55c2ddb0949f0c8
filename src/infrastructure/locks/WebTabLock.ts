import type { TabLock } from '../../domain/ports/TabLock';

/** The Web Locks API's part that is used here. */
interface LockManagerLike {
  /** With `ifAvailable`, the callback gets `null` at once where the lock is held. */
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** What the first, not waiting request answers where the lock is held. */
const HELD = Symbol('held');

/**
 * TabLock on the Web Locks API (`navigator.locks`), which the tabs of one origin share. A browser
 * without it (or a page that may not use it) runs the work at once: one tab alone needs no lock.
 * The lock is asked for once without waiting: free, the work runs at once; held, the work waits its
 * turn and is told that it waited.
 */
export class WebTabLock implements TabLock {
  constructor(private readonly navigator: { locks?: LockManagerLike } | undefined) {}

  async run<T>(name: string, work: (waited: boolean) => Promise<T>): Promise<T> {
    const locks = this.navigator?.locks;
    if (!locks) {
      return work(false);
    }
    const atOnce = await locks.request<T | typeof HELD>(name, { ifAvailable: true }, (lock) => (lock ? work(false) : Promise.resolve(HELD)));
    return atOnce === HELD ? locks.request(name, {}, () => work(true)) : atOnce;
  }
}
