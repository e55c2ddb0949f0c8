/**
 * A read-only array whose elements are worked out by `load` the first time anything reads it
 * (an element, `length`, a method such as `find` or `map`, iteration). Later reads use that result;
 * writes are refused (a `TypeError` in strict code).
 */
export function lazyList<T>(load: () => readonly T[]): T[] {
  let list: readonly T[] | undefined;
  const loaded = (): readonly T[] => (list ??= load());
  return new Proxy<T[]>([], {
    // Array methods come from the prototype and run on this proxy, so they read through it too.
    get: (_, key) => Reflect.get(loaded(), key),
    has: (_, key) => Reflect.has(loaded(), key),
    ownKeys: () => Reflect.ownKeys(loaded()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(loaded(), key),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
