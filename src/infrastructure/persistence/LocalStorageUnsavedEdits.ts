import { readUnsavedEdit, type UnsavedEdit } from '../../domain/model/UnsavedEdit';
import type { UnsavedEdits } from '../../domain/ports/UnsavedEdits';
import { PerUserItem } from './PerUserItem';

/**
 * The key of the unsaved edits in localStorage: a key of its own, apart from `cockpit.state`, whose
 * every write makes the other tabs read the session again.
 */
export const UNSAVED_EDITS_KEY = 'cockpit.unsavedEdits';

/** How many orders' edits are kept per user; beyond, the one kept longest ago goes. */
export const KEPT_EDITS_PER_USER = 20;

type Document = Record<string, UnsavedEdit[]>;

/** A user's edits as read back: the valid ones, newest first; null for none. */
function readEdits(value: unknown): UnsavedEdit[] | null {
  const edits = Array.isArray(value) ? value.map(readUnsavedEdit).filter((edit): edit is UnsavedEdit => edit !== null) : [];
  return edits.length > 0 ? edits.sort((a, b) => b.keptAt - a.keptAt) : null;
}

/**
 * UnsavedEdits in one localStorage item, `{ "<user id>": [edit, …] }`, newest first. Whatever is
 * read back is checked (`readUnsavedEdit`): anything else is left out and gone with the next write.
 * (`PerUserItem` reads and writes the item.)
 */
export class LocalStorageUnsavedEdits implements UnsavedEdits {
  private readonly item: PerUserItem<UnsavedEdit[]>;

  constructor(storage: Storage, key: string = UNSAVED_EDITS_KEY) {
    this.item = new PerUserItem(storage, key, readEdits, 'The unsaved edits could not be kept');
  }

  read(userId: string): UnsavedEdit[] {
    return this.readAll()[userId] ?? [];
  }

  keep(userId: string, edit: UnsavedEdit): void {
    const others = this.read(userId).filter((kept) => kept.orderId !== edit.orderId);
    this.writeUser(userId, [edit, ...others].slice(0, KEPT_EDITS_PER_USER));
  }

  remove(userId: string, orderId: string): void {
    const kept = this.read(userId);
    if (kept.some((edit) => edit.orderId === orderId)) {
      this.writeUser(
        userId,
        kept.filter((edit) => edit.orderId !== orderId),
      );
    }
  }

  forgetOthers(userId: string): void {
    const own = this.read(userId);
    this.write(own.length > 0 ? { [userId]: own } : {});
  }

  forget(userId: string): void {
    this.writeUser(userId, []);
  }

  private writeUser(userId: string, edits: UnsavedEdit[]): void {
    const { [userId]: _replaced, ...others } = this.readAll();
    this.write(edits.length > 0 ? { ...others, [userId]: edits } : others);
  }

  private readAll(): Document {
    return this.item.read();
  }

  private write(document: Document): void {
    this.item.write(document);
  }
}
