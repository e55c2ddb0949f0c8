import type { Disposable } from '../../../shared/Disposable';
import type { SessionWork } from './SessionWork';

/** What this browser keeps for its users while nobody works on it (the ports of kept edits and new orders). */
export interface KeptForUsers {
  forget(userId: string): void;
  forgetOthers(userId: string): void;
}

/**
 * The session's work as the session lifecycle sees it, whichever of it has arrived: the orders page's
 * work (its open order, new order and kept edits) comes with the page's chunk and joins then, and is
 * offered to the user signed in at that moment. Until then nothing is open, and what is kept in the
 * browser is deleted directly (`KeptForUsers`): another user's at a sign-in, the user's own at a
 * deliberate logout, whether or not the orders page was ever shown.
 */
export class SessionWorkRelay implements SessionWork {
  private readonly joined = new Set<SessionWork>();
  /** The user the work is offered to now, or null. */
  private offeredTo: string | null = null;

  constructor(private readonly kept: readonly KeptForUsers[]) {}

  /** `work` follows the session from now on; it is offered to the user signed in now, if any. */
  join(work: SessionWork): Disposable {
    this.joined.add(work);
    if (this.offeredTo !== null) {
      work.offerTo(this.offeredTo);
    }
    return { dispose: () => this.joined.delete(work) };
  }

  offerTo(userId: string): void {
    this.offeredTo = userId;
    this.kept.forEach((kept) => kept.forgetOthers(userId));
    this.joined.forEach((work) => work.offerTo(userId));
  }

  withdraw(): void {
    this.offeredTo = null;
    this.joined.forEach((work) => work.withdraw());
  }

  forget(userId: string): void {
    this.kept.forEach((kept) => kept.forget(userId));
    this.joined.forEach((work) => work.forget(userId));
  }
}
