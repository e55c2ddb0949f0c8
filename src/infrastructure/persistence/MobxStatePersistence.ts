import { hydrateStore, makePersistable, stopPersisting, type PersistStore } from 'mobx-persist-store';
import type { Disposable } from '../../../shared/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { StatePersistence } from '../../domain/ports/StatePersistence';
import { sliceController } from './sliceController';
import { STATE_KEY, type SliceStorage } from './SlicedStorage';

export { STATE_KEY };

/** How many stores were persisted in this page: each takes the next number into its name. */
let persistedStores = 0;

/**
 * StatePersistence with mobx-persist-store: each store's properties kept as one slice of the
 * document `SlicedStorage` keeps (`sliceController`), read back when a store is persisted and on
 * `reread`, written by the library's reaction whenever one of them changes (and once read back).
 * Neither a version nor an expiry is given, so the library adds nothing to a slice: what it writes
 * is the plain values the console has always kept (`{ "token": …, "language": … }`), and a slice
 * kept before is read back as it is. Nothing is printed (`debugMode: false`).
 *
 * The library takes a store's name to be the only one of its kind: in a development build it stops
 * an earlier store of the same name (taking it for one left behind by a reload of the module) and
 * warns. Two stores may keep one slice at once (two consoles in one page, as in the tests), so each
 * store takes a name of its own, the slice and a number; the slice alone says where it is kept.
 *
 * Given the window, it tells when another tab wrote the state key (the `storage` event fires only
 * in the other tabs of the same browser, never in the tab that wrote).
 */
export class MobxStatePersistence implements StatePersistence, Disposable {
  private readonly changedElsewhere = new Emitter<void>();
  private readonly stopListening: () => void = () => undefined;
  /** The targets persisted here, each with the library's store that keeps it. */
  private readonly kept = new Map<object, PersistStore<object, never>>();

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
    if (this.kept.has(target)) {
      await hydrateStore(target);
    }
  }

  dispose(): void {
    this.stopListening();
    this.changedElsewhere.dispose();
    for (const store of this.kept.values()) {
      store.stopPersisting();
    }
    this.kept.clear();
  }

  /**
   * Persisting a target again replaces its earlier slice (the library keeps one store per target):
   * the earlier store stops, and disposing of it does nothing more.
   */
  async persist<T extends object>(target: T, slice: string, properties: readonly (keyof T & string)[]): Promise<Disposable> {
    stopPersisting(target);
    this.kept.delete(target);
    persistedStores += 1;
    const store = await makePersistable(target as T & Record<string, unknown>, {
      name: `${slice}#${persistedStores}`,
      properties: [...properties],
      storage: sliceController(this.storage, slice),
      stringify: false,
      debugMode: false,
    });
    if (store.isPersisting) {
      this.kept.set(target, store);
    }
    return {
      dispose: () => {
        store.stopPersisting();
        if (this.kept.get(target) === store) {
          this.kept.delete(target);
        }
      },
    };
  }
}
