/** The key under which a full tally counts what it has no room for. */
export const OTHER_KEY = '(other)';

/** How long a counted key may be; longer ones are cut (keys come from clients). */
export const MAX_KEY_LENGTH = 120;

export interface TallyEntry {
  key: string;
  count: number;
}

/**
 * Counts by key with a bounded number of keys: once `maxKeys` are there, new keys are counted under
 * `(other)`, so whatever clients send, a tally stays small.
 */
export class Tally {
  private readonly counts = new Map<string, number>();
  private sum = 0;

  constructor(private readonly maxKeys = 200) {}

  add(key: string, count = 1): void {
    const cut = key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH)}…` : key;
    const counted = this.counts.has(cut) || this.counts.size < this.maxKeys ? cut : OTHER_KEY;
    this.counts.set(counted, (this.counts.get(counted) ?? 0) + count);
    this.sum += count;
  }

  addAll(entries: readonly TallyEntry[]): void {
    for (const entry of entries) {
      this.add(entry.key, entry.count);
    }
  }

  get total(): number {
    return this.sum;
  }

  /** The counts, most frequent first (ties by key), at most `limit` of them. */
  entries(limit = Infinity): TallyEntry[] {
    return [...this.counts]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, limit);
  }
}
