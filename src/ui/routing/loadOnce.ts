/**
 * `load` behind a cache of its promise: every call while it runs or after it succeeded gets the same
 * promise, so a module preloaded at start and asked for again by its route is imported once. A
 * failed load is forgotten, so the next call tries again (a chunk that did not arrive offline).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
