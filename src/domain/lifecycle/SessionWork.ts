/**
 * An operator's work in this browser that follows the session: an open order, a new order being
 * entered, the edits kept for a user. The session lifecycle says when (`SessionLifecycle`): the
 * work closes when the session ends or another user's begins (what was typed stays kept), is
 * offered back when its user is signed in, and is deleted at a deliberate logout.
 */
export interface SessionWork {
  /** `userId` is signed in: every other user's kept work is deleted from this browser, this user's offered back. */
  offerTo(userId: string): void;
  /** The session ended, or another user's began: nothing stays open; what was kept stays for its user. */
  withdraw(): void;
  /** `userId` logs out deliberately: what was kept for them is deleted. */
  forget(userId: string): void;
}
