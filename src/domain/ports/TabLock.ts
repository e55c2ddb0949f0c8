/**
 * A lock held by one tab of this browser at a time (the console's tabs share one session): work that
 * must not run in two tabs at once, such as renewing the session's token, runs under it.
 */
export interface TabLock {
  /**
   * Runs `work` once no other tab holds the lock `name`, and holds it until `work` settles. `work` is
   * told whether it waited: what another holder of the lock (another tab) wrote may reach this tab a
   * moment after the lock does.
   */
  run<T>(name: string, work: (waited: boolean) => Promise<T>): Promise<T>;
}

export const TabLock = Symbol('TabLock');
