import { makePersistable, stopPersisting } from 'mobx-persist-store';
import type { Disposable } from '../../domain/model/Disposable';
import type { StatePersistence } from '../../domain/ports/StatePersistence';
import type { SliceStorage } from './SlicedStorage';

/** The key under which the console keeps its state in localStorage (spec: one fixed key). */
export const STATE_KEY = 'cockpit.state';

/** StatePersistence with mobx-persist-store, each store's properties kept as one slice. */
export class MobxStatePersistence implements StatePersistence {
  constructor(private readonly storage: SliceStorage) {}

  async persist<T extends object>(target: T, slice: string, properties: readonly (keyof T & string)[]): Promise<Disposable> {
    await makePersistable(target, {
      name: slice,
      properties: [...properties],
      storage: {
        getItem: <V>(name: string) => this.storage.getItem(name) as V | null,
        setItem: (name: string, value: unknown) => this.storage.setItem(name, value as Record<string, unknown>),
        removeItem: (name: string) => this.storage.removeItem(name),
      },
      stringify: false,
    });
    return { dispose: () => stopPersisting(target) };
  }
}
