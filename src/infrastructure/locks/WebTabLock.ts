import type { TabLock } from '../../domain/ports/TabLock';

/** The Web Locks API's part that is used here. */
interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * TabLock on the Web Locks API (`navigator.locks`), which the tabs of one origin share. A browser
 * without it (or a page that may not use it) runs the work at once: one tab alone needs no lock.
 */
export class WebTabLock implements TabLock {
  constructor(private readonly navigator: { locks?: LockManagerLike } | undefined) {}

  run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const locks = this.navigator?.locks;
    return locks ? locks.request(name, work) : work();
  }
}
