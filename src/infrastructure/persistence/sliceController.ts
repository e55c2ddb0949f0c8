import type { StorageController } from 'mobx-persist-store';
import type { SliceStorage } from './SlicedStorage';

/**
 * The storage mobx-persist-store reads and writes one store through: the slice `slice` of the
 * state document, whatever name the library asks for (the name only tells its stores apart). The
 * values pass as they are: the library is told not to turn them into text (`stringify: false`), so
 * the slice stays plain values in the document, as `SlicedStorage` writes it. The functions are the
 * object's own properties, which the library checks before taking it for a storage.
 *
 * A write of what this tab last read or wrote is left out. The library writes a store's values back
 * each time it has read them again (a `reread`, when another tab wrote): in a tab whose copy of the
 * storage is behind (the browser hands another tab's write over a moment later), that write would put
 * back what the other tab has just replaced, such as the token it renewed, which the renewal revoked.
 */
export function sliceController(storage: SliceStorage, slice: string): StorageController {
  /** The slice as this tab last read or wrote it. */
  let seen: string | undefined;
  return {
    getItem: <T>() => {
      const value = storage.getItem(slice);
      seen = JSON.stringify(value);
      return value as T | null;
    },
    setItem: (_name: string, value: Record<string, unknown>) => {
      const text = JSON.stringify(value);
      if (text !== seen) {
        seen = text;
        storage.setItem(slice, value);
      }
    },
    removeItem: () => {
      seen = undefined;
      storage.removeItem(slice);
    },
  };
}
