/**
 * One localStorage item holding something per user, `{ "<user id>": value }`. What is read back is
 * checked by `readValue` (null: left out, and gone with the next write); an empty document removes
 * the item. A storage that refuses to write (quota, private mode) loses only what it would have kept.
 */
export class PerUserItem<T> {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
    private readonly readValue: (value: unknown) => T | null,
    /** What the console warns when the storage refuses to write. */
    private readonly refusal: string,
  ) {}

  read(): Record<string, T> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.storage.getItem(this.key) ?? '{}');
    } catch {
      return {};
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return {};
    }
    const document: Record<string, T> = {};
    for (const [userId, value] of Object.entries(parsed)) {
      const read = this.readValue(value);
      if (read !== null) document[userId] = read;
    }
    return document;
  }

  write(document: Record<string, T>): void {
    try {
      if (Object.keys(document).length === 0) {
        this.storage.removeItem(this.key);
      } else {
        this.storage.setItem(this.key, JSON.stringify(document));
      }
    } catch (error) {
      console.warn(this.refusal, error);
    }
  }
}
