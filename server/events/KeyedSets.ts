import type { Disposable } from '../../shared/Disposable';

/** Sets of values by key, each added value removed by disposing what `add` answered; empty sets go. */
export class KeyedSets<K, V> {
  private readonly sets = new Map<K, Set<V>>();

  add(key: K, value: V): Disposable {
    let values = this.sets.get(key);
    if (!values) {
      values = new Set();
      this.sets.set(key, values);
    }
    values.add(value);
    const added = values;
    return {
      dispose: () => {
        added.delete(value);
        if (added.size === 0 && this.sets.get(key) === added) {
          this.sets.delete(key);
        }
      },
    };
  }

  /** The values of `key` now, oldest first (a copy: safe to change the sets while going through it). */
  valuesOf(key: K): V[] {
    return [...(this.sets.get(key) ?? [])];
  }

  /** Whether `key` has a value. */
  has(key: K): boolean {
    return this.sets.has(key);
  }

  /** The keys that have values (a copy). */
  keys(): K[] {
    return [...this.sets.keys()];
  }

  /** Every value of every key (a copy). */
  allValues(): V[] {
    return [...this.sets.values()].flatMap((values) => [...values]);
  }
}
