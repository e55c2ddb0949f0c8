import type { UnsavedEdit } from '../model/UnsavedEdit';

/**
 * The operators' unsaved edits, kept in this browser by user id (the session's user, never what was
 * typed into the login form): at most one edit per order and user. A user's edits are read only
 * under that user's id; another user signing in on this browser deletes them.
 */
export interface UnsavedEdits {
  /** The edits kept for `userId`, newest first. */
  read(userId: string): UnsavedEdit[];
  /** Keeps `edit` for `userId`, in place of the one kept for its order. */
  keep(userId: string, edit: UnsavedEdit): void;
  /** Drops the edit of `orderId` kept for `userId`. */
  remove(userId: string, orderId: string): void;
  /** Deletes the edits of every user but `userId`. */
  forgetOthers(userId: string): void;
  /** Deletes every edit of `userId`. */
  forget(userId: string): void;
}

export const UnsavedEdits = Symbol('UnsavedEdits');
