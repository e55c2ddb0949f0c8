import { computed, type IComputedValueOptions } from 'mobx';

/**
 * A computed value per key, made on first use and kept: `compute(key)` runs again only when what it
 * read for that key changes, so that each key (a board's station) is observed on its own.
 */
export function computedByKey<K, T>(compute: (key: K) => T, options: IComputedValueOptions<T> = {}): (key: K) => T {
  const values = new Map<K, { get(): T }>();
  return (key) => {
    let value = values.get(key);
    if (!value) {
      value = computed(() => compute(key), options);
      values.set(key, value);
    }
    return value.get();
  };
}
