import type { Disposable } from '../../shared/Disposable';
import type { EventHub, StoredEvent } from './EventHub';
import type { EventLog } from './EventLog';

/** How much of the recent events a process keeps in memory for streams that resume. */
export interface EventReplayLimits {
  /** Events kept in all (every tenant). Default 20 000. */
  maxEvents?: number;
  /** Their `data` in all, in UTF-16 code units (about bytes for JSON text). Default 24 Mi. */
  maxChars?: number;
}

export const DEFAULT_REPLAY_LIMITS: Required<EventReplayLimits> = { maxEvents: 20_000, maxChars: 24 * 1024 * 1024 };

/** What the streams read their missed events through (`EventLog.after`'s shape). */
export interface EventSource {
  /**
   * The tenant's events after `afterId`, in id order from `afterId + 1` without holes, at most `limit`;
   * none when `afterId + 1` is no longer kept (pruned). Events up to `upTo` are committed; the answer may
   * hold later ones that are committed too.
   */
  after(tenantId: string, afterId: number, upTo: number, limit: number): Promise<StoredEvent[]>;
}

interface Kept {
  tenantId: string;
  events: Map<number, StoredEvent>;
}

/**
 * The events the streams of this process catch up with, read once for all of them.
 *
 * A stream that resumes after `Last-Event-ID` (a client back after a dropped connection, or moved
 * here from a process that died, with hundreds of others at once) reads what it missed. Each reading
 * the table on its own made a read per stream of the same rows; instead:
 *
 * - The events the hub hands to this process (every committed event of every tenant, see
 *   `subscribeAll`) are kept by tenant and id, the newest `maxEvents` (and `maxChars` of data) in all;
 *   what a stream asks for is answered from them while they hold its next id.
 * - Otherwise the table is read once for all streams of a tenant that ask after the same id at the same
 *   time, and what was read is kept as well, so that those that follow a moment later (and the next
 *   batch of each) find it.
 *
 * What is kept is only ever an event as committed, under its id (ids are never given out twice once
 * committed): answering from memory gives exactly what the table would, so order and exactly-once stay
 * with the stream (LiveStream.ts), tenants stay apart (kept by tenant), and a client that resumes needs
 * no reset. Answers stop at a multiple of the batch size (`limit`), so that streams that started at
 * different ids soon read the same batches and write the same bytes (made once, see LiveStream.ts).
 * The events of a reset database (ids counted anew) must not meet a process that kept the old ones.
 */
export class EventReplay implements EventSource, Disposable {
  private readonly tenants = new Map<string, Kept>();
  /** What is kept, oldest first: forgotten from the front. */
  private readonly order: { kept: Kept; event: StoredEvent }[] = [];
  private head = 0;
  private chars = 0;
  private readonly reading = new Map<string, Promise<StoredEvent[]>>();
  private readonly subscription: Disposable;
  private readonly limits: Required<EventReplayLimits>;
  /** Reads of the table made for streams (for tests and measurements). */
  tableReads = 0;

  constructor(
    hub: EventHub,
    private readonly eventLog: Pick<EventLog, 'after'>,
    limits: EventReplayLimits = {},
  ) {
    this.limits = { ...DEFAULT_REPLAY_LIMITS, ...limits };
    this.subscription = hub.subscribeAll((event) => {
      this.keep(event);
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.tenants.clear();
    this.order.length = 0;
    this.head = 0;
    this.chars = 0;
  }

  async after(tenantId: string, afterId: number, upTo: number, limit: number): Promise<StoredEvent[]> {
    const kept = this.kept(tenantId, afterId, limit);
    if (kept.length > 0) return kept;
    const key = `${tenantId}:${afterId}`;
    let read = this.reading.get(key);
    if (!read) {
      read = this.read(tenantId, afterId, upTo, limit).finally(() => this.reading.delete(key));
      this.reading.set(key, read);
    }
    const events = await read;
    return events.length > limit ? events.slice(0, limit) : events;
  }

  /** The kept events from `afterId + 1` on without a hole, up to the next multiple of `limit` after `afterId`. */
  private kept(tenantId: string, afterId: number, limit: number): StoredEvent[] {
    const events = this.tenants.get(tenantId)?.events;
    const answer: StoredEvent[] = [];
    if (!events) return answer;
    const last = (Math.floor(afterId / limit) + 1) * limit;
    for (let id = afterId + 1; id <= last; id++) {
      const event = events.get(id);
      if (!event) break;
      answer.push(event);
    }
    return answer;
  }

  /** One read of the table for every stream asking after `afterId` meanwhile; what it finds is kept (a kept copy wins). */
  private async read(tenantId: string, afterId: number, upTo: number, limit: number): Promise<StoredEvent[]> {
    this.tableReads += 1;
    const last = Math.min(upTo, (Math.floor(afterId / limit) + 1) * limit);
    const read = await this.eventLog.after(tenantId, afterId, last, limit);
    return read.map((event) => this.keep(event));
  }

  /** Keeps `event` (committed) unless kept already; answers the kept object. */
  private keep(event: StoredEvent): StoredEvent {
    let kept = this.tenants.get(event.tenantId);
    if (!kept) {
      kept = { tenantId: event.tenantId, events: new Map() };
      this.tenants.set(event.tenantId, kept);
    }
    const known = kept.events.get(event.id);
    if (known) return known;
    kept.events.set(event.id, event);
    this.order.push({ kept, event });
    this.chars += event.data.length;
    this.forget();
    return event;
  }

  /** Forgets the oldest kept events beyond the limits. */
  private forget(): void {
    const { maxEvents, maxChars } = this.limits;
    while (this.order.length - this.head > maxEvents || (this.chars > maxChars && this.order.length - this.head > 1)) {
      const oldest = this.order[this.head] as { kept: Kept; event: StoredEvent };
      this.head += 1;
      this.chars -= oldest.event.data.length;
      if (oldest.kept.events.get(oldest.event.id) === oldest.event) oldest.kept.events.delete(oldest.event.id);
      if (oldest.kept.events.size === 0 && this.tenants.get(oldest.kept.tenantId) === oldest.kept) {
        this.tenants.delete(oldest.kept.tenantId);
      }
    }
    // The queue's front is cut off now and then, not at every event.
    if (this.head > 4096 && this.head * 2 > this.order.length) {
      this.order.splice(0, this.head);
      this.head = 0;
    }
  }
}
