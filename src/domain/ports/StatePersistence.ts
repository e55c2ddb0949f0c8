import type { Disposable } from '../../../shared/Disposable';

/**
 * Keeps named slices of the console's state across reloads. All slices live under one storage
 * key (`cockpit.state`); each store owns one slice.
 */
export interface StatePersistence {
  /**
   * Reads the slice back into the given properties of `target` (raw values: the caller checks
   * them), then writes the slice whenever one of them changes. Resolves when read back; an
   * unreadable or foreign slice restores nothing.
   */
  persist<T extends object>(target: T, slice: string, properties: readonly (keyof T & string)[]): Promise<Disposable>;
  /** Reads the persisted properties of `target` back again (another tab wrote them). */
  reread(target: object): Promise<void>;
  /** Fires when another tab of this browser wrote the state. */
  onDidChangeElsewhere(listener: () => void): Disposable;
}

export const StatePersistence = Symbol('StatePersistence');
