import type { LoadState } from './LoadState';

/**
 * What the first page of a list was read with, to judge the live stream's resets by
 * (`OrdersListStore`): the tenant's last event id when it was read (`OrderPage.lastEventId`), and a
 * reset that waits for a first page still on its way.
 */
export class FirstPageFreshness {
  /** The tenant's last event id as the first page held was read; null when unknown or none is held. */
  private through: number | null = null;
  /** A reset of the live stream that waits for the first page of a load (its generation) to be judged. */
  private awaiting: { generation: number; after: number | null } | null = null;

  /** A first page was read, with every change up to the event `lastEventId` in it (when known). */
  read(lastEventId: number | null): void {
    this.through = lastEventId;
  }

  /** No first page is held any more. */
  forget(): void {
    this.through = null;
  }

  /** The first page held was read with every change up to the event `after` in it. */
  reflects(after: number | null): boolean {
    return after !== null && this.through !== null && this.through >= after;
  }

  /**
   * The live stream said it cannot tell what changed (its first connection, or a gap it cannot
   * replay) and goes on with the events after `after`. A list that holds no query yet (nothing
   * loaded, or no view since `dispose`) has nothing to read again: its next load reads afresh. A list
   * whose first page was read with every change up to `after` in it misses nothing (what follows
   * comes live), so the first screen, whose stream opens as its first page is asked for, asks once.
   * A first page still on its way is judged when it arrives. Any other list reads itself again while
   * still showing what it has; a failed one tries again. Answers whether the list reads itself again now.
   */
  readAgainAfterReset(after: number | null, list: { holdsQuery: boolean; state: LoadState; generation: number }): boolean {
    if (!list.holdsQuery || (list.state === 'ready' && this.reflects(after))) {
      return false;
    }
    if (list.state === 'loading') {
      this.awaiting = { generation: list.generation, after };
      return false;
    }
    return true;
  }

  /**
   * The first page of `generation` has arrived: whether a reset waited for it and the page was read
   * before that reset, so that the list must be read again.
   */
  pageArrivedTooEarly(generation: number): boolean {
    const awaited = this.awaiting;
    if (awaited?.generation !== generation) {
      return false;
    }
    this.awaiting = null;
    return !this.reflects(awaited.after);
  }
}
