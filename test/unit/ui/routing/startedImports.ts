/**
 * Replaces the loaders named of `owner` with ones that record their name in `imported` and never
 * settle: what a preloader's test looks at is which imports it started, in which order.
 */
export function recordStarts<K extends string>(owner: Record<K, () => Promise<unknown>>, names: readonly K[], imported: string[], as?: string): void {
  for (const name of names) {
    jest.spyOn(owner, name as never).mockImplementation((() => {
      imported.push(as ?? name);
      return new Promise(() => undefined);
    }) as never);
  }
}
