import { action, makeObservable, observableRef } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { OrderQuery } from '../../../shared/Order';
import type { OrderEvent } from '../model/OrderEvent';
import { orderMatches } from '../model/orderMatches';
import type { Clock } from '../ports/Clock';
import type { Timers } from '../ports/Timers';

/** How long the first change of a burst waits for the others before it is announced. */
export const GATHER_MS = 1500;
/** Shortest time between two announcements: a screen reader is told at most once in this time. */
export const ANNOUNCEMENT_GAP_MS = 5000;

/** What one announcement tells: how many orders of the list changed, came or went since the last. */
export interface ListChangeAnnouncement {
  readonly changed: number;
  readonly created: number;
  readonly removed: number;
  /** Counts up with every announcement, so that the same counts twice are two announcements. */
  readonly sequence: number;
}

/**
 * Tells screen readers politely of the live changes to the orders list, coalesced: the orders of
 * the list (by the list's query) that changed, were created or were deleted are counted, each order
 * once, and told in one announcement {@link GATHER_MS} after the first of them, but never sooner than
 * {@link ANNOUNCEMENT_GAP_MS} after the announcement before. A reset of the stream tells nothing
 * (the list reads itself again; nothing is known to have changed).
 */
export class LiveChangeAnnouncer implements Disposable {
  /** The last announcement made (the view says it in its live region), or null before the first. */
  announcement: ListChangeAnnouncement | null = null;

  private readonly changed = new Set<string>();
  private readonly created = new Set<string>();
  private readonly removed = new Set<string>();
  private lastAnnouncedAt = Number.NEGATIVE_INFINITY;
  private sequence = 0;
  private pending: Disposable | null = null;

  constructor(
    private readonly timers: Timers,
    private readonly clock: Clock,
    /** The list's query now: changes of orders outside it are not the list's. */
    private readonly query: () => OrderQuery,
  ) {
    makeObservable<LiveChangeAnnouncer, 'announce'>(this, { announcement: observableRef, announce: action });
  }

  /** Counts a batch of live changes in (as the list is told of them) and schedules their announcement. */
  note(batch: readonly OrderEvent[]): void {
    const query = this.query();
    const inList = (order: Parameters<typeof orderMatches>[0] | null) => order !== null && orderMatches(order, query);
    for (const event of batch) {
      if (event.type === 'order.created') {
        if (inList(event.order)) {
          this.created.add(event.order.id);
        }
      } else if (event.type === 'order.updated') {
        if (this.created.has(event.order.id) || this.removed.has(event.order.id)) {
          continue;
        }
        // An order that came into the list or left it by the change counts as changed too.
        if (inList(event.order) || inList(event.previous)) {
          this.changed.add(event.order.id);
        }
      } else if (event.type === 'order.deleted' && inList(event.previous)) {
        this.created.delete(event.id);
        this.changed.delete(event.id);
        this.removed.add(event.id);
      }
    }
    this.schedule();
  }

  dispose(): void {
    this.pending?.dispose();
    this.pending = null;
    this.changed.clear();
    this.created.clear();
    this.removed.clear();
  }

  private schedule(): void {
    if (this.pending || this.changed.size + this.created.size + this.removed.size === 0) {
      return;
    }
    const wait = Math.max(GATHER_MS, this.lastAnnouncedAt + ANNOUNCEMENT_GAP_MS - this.clock.now());
    this.pending = this.timers.after(wait, () => {
      this.pending = null;
      this.announce();
    });
  }

  private announce(): void {
    this.lastAnnouncedAt = this.clock.now();
    this.sequence++;
    this.announcement = { changed: this.changed.size, created: this.created.size, removed: this.removed.size, sequence: this.sequence };
    this.changed.clear();
    this.created.clear();
    this.removed.clear();
  }
}
