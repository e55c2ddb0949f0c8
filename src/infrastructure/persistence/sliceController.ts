import type { StorageController } from 'mobx-persist-store';
import type { SliceStorage } from './SlicedStorage';

/**
 * The storage mobx-persist-store reads and writes one store through: the slice `slice` of the
 * state document, whatever name the library asks for (the name only tells its stores apart). The
 * values pass as they are: the library is told not to turn them into text (`stringify: false`), so
 * the slice stays plain values in the document, as `SlicedStorage` writes it. The functions are the
 * object's own properties, which the library checks before taking it for a storage.
 */
export function sliceController(storage: SliceStorage, slice: string): StorageController {
  return {
    getItem: <T>() => storage.getItem(slice) as T | null,
    setItem: (_name: string, value: Record<string, unknown>) => storage.setItem(slice, value),
    removeItem: () => storage.removeItem(slice),
  };
}
