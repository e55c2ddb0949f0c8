/** The key under which the console keeps its state in localStorage (one fixed key). */
export const STATE_KEY = 'cockpit.state';

/** The storage the state persistence writes through: one item per slice name. */
export interface SliceStorage {
  getItem(slice: string): Record<string, unknown> | null;
  setItem(slice: string, value: Record<string, unknown>): void;
  removeItem(slice: string): void;
}

type Document = Record<string, Record<string, unknown>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Keeps every slice of the console's state in one JSON document under one key of a web storage
 * (`cockpit.state`: `{ "auth": {...}, "orders": {...} }`). Unreadable or foreign content reads as
 * empty and is replaced on the next write; a storage that refuses to write (quota, private mode)
 * loses only persistence, never the running state.
 */
export class SlicedStorage implements SliceStorage {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
  ) {}

  getItem(slice: string): Record<string, unknown> | null {
    const value = this.read()[slice];
    return isRecord(value) ? value : null;
  }

  setItem(slice: string, value: Record<string, unknown>): void {
    this.write({ ...this.read(), [slice]: value });
  }

  removeItem(slice: string): void {
    const document = this.read();
    delete document[slice];
    this.write(document);
  }

  private read(): Document {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.key) ?? '{}');
      return isRecord(parsed) ? (parsed as Document) : {};
    } catch {
      return {};
    }
  }

  private write(document: Document): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(document));
    } catch (error) {
      console.warn('The console state could not be saved', error);
    }
  }
}
