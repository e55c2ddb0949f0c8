import type { Database, Queryable } from '../db/Database';
import type { EventHub, StoredEvent } from './EventHub';

/** The events a write stored, found in its answer. */
export type StoredEventsOf<T> = (answer: T) => readonly StoredEvent[];

/**
 * Writes that store events in `order_events` (the outbox), and the publishing of those events: each
 * write runs, commits, and only then are the events it stored handed to the hub, each once, in id
 * order. A write that throws (or whose transaction rolls back) publishes nothing. So whoever writes
 * through this cannot forget to announce the change, nor announce one that did not commit.
 */
export class PublishingWrites {
  constructor(
    private readonly db: Database,
    private readonly hub: EventHub,
  ) {}

  /** Runs `work` in one transaction; once it has committed, publishes the events `storedEvents` finds in its answer. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>, storedEvents: StoredEventsOf<T>): Promise<T> {
    const answer = await this.db.transaction(work);
    this.publish(storedEvents(answer));
    return answer;
  }

  /**
   * Runs `work`, a single statement that is its own transaction (committed when it answers); then
   * publishes the events `storedEvents` finds in its answer.
   */
  async statement<T>(work: (db: Queryable) => Promise<T>, storedEvents: StoredEventsOf<T>): Promise<T> {
    const answer = await work(this.db);
    this.publish(storedEvents(answer));
    return answer;
  }

  private publish(events: readonly StoredEvent[]): void {
    const ordered = [...events].sort((a, b) => (a.tenantId === b.tenantId ? a.id - b.id : a.tenantId < b.tenantId ? -1 : 1));
    for (const event of ordered) this.hub.publish(event);
  }
}
