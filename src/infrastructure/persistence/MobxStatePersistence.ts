import { hydrateStore, makePersistable, stopPersisting } from 'mobx-persist-store';
import type { Disposable } from '../../../shared/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { StatePersistence } from '../../domain/ports/StatePersistence';
import { STATE_KEY, type SliceStorage } from './SlicedStorage';

export { STATE_KEY };

/**
 * StatePersistence with mobx-persist-store, each store's properties kept as one slice. Given the
 * window, it tells when another tab wrote the state key (the `storage` event fires only in the
 * other tabs of the same browser, never in the tab that wrote).
 */
export class MobxStatePersistence implements StatePersistence, Disposable {
  private readonly changedElsewhere = new Emitter<void>();
  private readonly stopListening: () => void = () => undefined;

  readonly onDidChangeElsewhere = (listener: () => void): Disposable => this.changedElsewhere.event(listener);

  constructor(
    private readonly storage: SliceStorage,
    events?: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  ) {
    if (events) {
      const listener = (event: StorageEvent) => {
        if (event.key === STATE_KEY) {
          this.changedElsewhere.fire();
        }
      };
      events.addEventListener('storage', listener);
      this.stopListening = () => events.removeEventListener('storage', listener);
    }
  }

  async reread(target: object): Promise<void> {
    await hydrateStore(target);
  }

  dispose(): void {
    this.stopListening();
    this.changedElsewhere.dispose();
  }

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
