import type { Disposable } from '../../shared/Disposable';
import type { Queryable } from '../db/Database';
import type { EventHub, EventListener, StoredEvent } from './EventHub';
import type { EventLog } from './EventLog';
import { EVENT_CHANNEL, EventWakeups, parseEventNotice } from './EventWakeups';
import { InProcessEventHub } from './InProcessEventHub';
import type { PostgresNotifications } from './PostgresNotifications';

/** Events read from the table per query. */
const READ_BATCH = 500;
/** Events published here and held until their predecessors are delivered; beyond, they are read from the table. */
const MAX_HELD = 1000;
/** Wait before a failed read of the table is tried again. */
const RETRY_MS = 1000;
/** How often the hub reads where every tenant stands, for events whose wake-up never came. */
export const DEFAULT_POLL_INTERVAL_MS = 1000;

/** Where the hub stands with one tenant. */
interface TenantFeed {
  tenantId: string;
  /** The last id handed to the listeners of this process. */
  delivered: number;
  /** The highest id known to be committed (published here, notified, or read from the counters). */
  target: number;
  /** Events published in this process, not yet delivered. */
  held: Map<number, StoredEvent>;
  pumping: boolean;
  retry: NodeJS.Timeout | undefined;
}

export interface PostgresEventHubOptions {
  /** The listening connection; the hub subscribes to `EVENT_CHANNEL` on it. */
  notifications: PostgresNotifications;
  /** The event table, read through the pool. */
  eventLog: EventLog;
  /** The database of `log`, for where every tenant stands (`tenant_event_counters`). */
  database: Queryable;
  /** How often where every tenant stands is read (see `DEFAULT_POLL_INTERVAL_MS`). */
  pollIntervalMs?: number;
  onError: (error: unknown, message: string) => void;
}

/**
 * The hub of backend processes that share one PostgreSQL server: every event committed by any of
 * them reaches the listeners of each, in id order, once.
 *
 * - `order_events` is the outbox: a change and its event commit together, and nothing else happens
 *   in the write transaction. The write then publishes the event here (after its commit,
 *   PublishingWrites.ts): this process's listeners get it at once, and the other processes are woken
 *   by a notification that goes after the commit in a transaction of its own, coalesced
 *   (EventWakeups.ts, which says why the write transaction does not notify). A wake-up says
 *   `<tenant>:<last id>`.
 * - Each process listens on one connection (`PostgresNotifications`). A wake-up raises how far the
 *   tenant is known to be committed; the hub then hands its listeners the events after the last id it
 *   delivered, in id order, read from `order_events` (batches of 500). So order and exactly-once come
 *   from the ids and the table, not from when wake-ups arrive, and a wake-up that never comes (its
 *   writer died after the commit) is made good by the poll: every `pollIntervalMs` the hub reads where
 *   every tenant stands (`tenant_event_counters`, one small read) and delivers what it missed.
 * - That reading is complete because ids count per tenant under a lock held to commit (see
 *   `nextEventIds`): a transaction takes its id by updating the tenant's counter row, so the next
 *   writer of the tenant waits until it has committed (or rolled back, giving the id back). An id is
 *   never visible before a lower one, and there are no holes: when id n is committed, so is every id
 *   below it. A missing id can only have been pruned (streams then reset, see LiveStream.ts).
 * - `publish` (called in this process after its commit) delivers at once when the event is the next
 *   one of its tenant; otherwise it is held until its predecessors have been read. Its own wake-up
 *   comes back here too and finds the id delivered.
 * - After the listening connection was lost and is back, the hub reads where every tenant stands and
 *   delivers what was committed meanwhile, each event once, and sends the wake-ups that could not go.
 */
export class PostgresEventHub implements EventHub {
  private readonly local: InProcessEventHub;
  private readonly feeds = new Map<string, TenantFeed>();
  private readonly subscription: Disposable;
  /** False until the positions at start are read: the pumps wait until then. */
  private ready = false;
  private closed = false;
  private readonly wakeups: EventWakeups;
  private poll: NodeJS.Timeout | undefined;
  private catchingUp: Promise<void> | undefined;

  constructor(private readonly options: PostgresEventHubOptions) {
    this.local = new InProcessEventHub((error) => options.onError(error, 'event listener failed'));
    this.wakeups = new EventWakeups((payloads) => options.notifications.notify(EVENT_CHANNEL, payloads), options.onError);
    this.subscription = options.notifications.subscribe(EVENT_CHANNEL, {
      notified: (payload) => this.notified(payload),
      listening: (reconnected) => {
        this.wakeups.flush();
        return reconnected ? this.catchUp() : undefined;
      },
    });
  }

  /**
   * Starts delivering: reads where every tenant stands (call it once the notifications listen), so
   * that events committed from then on are delivered; those before are not.
   */
  async start(): Promise<void> {
    for (const { tenantId, lastId } of await this.positions()) {
      const feed = this.feed(tenantId);
      feed.delivered = Math.max(feed.delivered, lastId);
      feed.target = Math.max(feed.target, lastId);
    }
    this.ready = true;
    for (const feed of this.feeds.values()) {
      this.drop(feed);
      this.schedule(feed);
    }
    this.poll = setInterval(() => void this.catchUp(), this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
    // Polling alone must not keep a process alive.
    this.poll.unref();
  }

  /** Stops delivering (the listening connection is closed by its owner). */
  close(): void {
    this.closed = true;
    this.subscription.dispose();
    this.wakeups.close();
    clearInterval(this.poll);
    for (const feed of this.feeds.values()) {
      clearTimeout(feed.retry);
      feed.held.clear();
    }
  }

  /** Hands an event this process committed to its listeners, and wakes the other processes. */
  publish(event: StoredEvent): void {
    if (this.closed) return;
    this.wakeups.announce(event.tenantId, event.id);
    const feed = this.feed(event.tenantId);
    if (event.id <= feed.delivered) return;
    if (this.ready && !feed.pumping && event.id === feed.delivered + 1) {
      this.deliver(feed, event);
    } else {
      if (feed.held.size < MAX_HELD) feed.held.set(event.id, event);
      feed.target = Math.max(feed.target, event.id);
    }
    this.schedule(feed);
  }

  subscribe(tenantId: string, listener: EventListener): Disposable {
    return this.local.subscribe(tenantId, listener);
  }

  subscribeAll(listener: EventListener): Disposable {
    return this.local.subscribeAll(listener);
  }

  /** The last id of `tenantId` handed to this process's listeners (0 before the first). */
  deliveredId(tenantId: string): number {
    return this.feeds.get(tenantId)?.delivered ?? 0;
  }

  /** `<tenant>:<id>`: the tenant's events up to `id` are committed. */
  private notified(payload: string): void {
    if (this.closed) return;
    const notice = parseEventNotice(payload);
    if (!notice) {
      this.options.onError(new Error(`unexpected notification payload "${payload.slice(0, 100)}"`), 'ignored a notification');
      return;
    }
    this.raise(this.feed(notice.tenantId), notice.lastId);
  }

  private raise(feed: TenantFeed, id: number): void {
    if (id <= feed.target) return;
    feed.target = id;
    this.schedule(feed);
  }

  /**
   * What every tenant committed that no wake-up told of: after a reconnect, and at every poll. One
   * read at a time; a failed one is reported and the next poll tries again.
   */
  private catchUp(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.catchingUp ??= this.positions()
      .then((positions) => {
        for (const { tenantId, lastId } of positions) this.raise(this.feed(tenantId), lastId);
      })
      .catch((error: unknown) => {
        if (!this.closed) this.options.onError(error, 'reading where the tenants stand failed; the next poll tries again');
      })
      .finally(() => (this.catchingUp = undefined));
    return this.catchingUp;
  }

  private async positions(): Promise<{ tenantId: string; lastId: number }[]> {
    const rows = await this.options.database.query<{ tenant_id: string; last_id: number }>(
      'SELECT tenant_id, last_id FROM tenant_event_counters',
    );
    return rows.map((row) => ({ tenantId: row.tenant_id, lastId: Number(row.last_id) }));
  }

  /**
   * The feed of `tenantId`. A tenant first heard of after the start had no events when the positions
   * were read (its counter row did not exist): its first id is 1.
   */
  private feed(tenantId: string): TenantFeed {
    let feed = this.feeds.get(tenantId);
    if (!feed) {
      feed = { tenantId, delivered: 0, target: 0, held: new Map(), pumping: false, retry: undefined };
      this.feeds.set(tenantId, feed);
    }
    return feed;
  }

  private schedule(feed: TenantFeed): void {
    if (!this.ready || this.closed || feed.pumping || feed.retry || feed.delivered >= feed.target) return;
    feed.pumping = true;
    this.pump(feed)
      .catch((error: unknown) => {
        if (this.closed) return;
        this.options.onError(error, 'reading events from the table failed; trying again');
        feed.retry = setTimeout(() => {
          feed.retry = undefined;
          this.schedule(feed);
        }, RETRY_MS);
        feed.retry.unref();
      })
      .finally(() => {
        feed.pumping = false;
        // Something may have arrived after the loop's last check.
        this.schedule(feed);
      });
  }

  /** Delivers every event up to `target`: held ones as they are, the others read from the table. */
  private async pump(feed: TenantFeed): Promise<void> {
    while (!this.closed && feed.delivered < feed.target) {
      const held = feed.held.get(feed.delivered + 1);
      if (held) {
        this.deliver(feed, held);
        continue;
      }
      const upTo = feed.target;
      if (!this.local.listens(feed.tenantId)) {
        // Nobody here wants them: nothing to read. A listener that comes later starts from the table.
        feed.delivered = upTo;
        this.drop(feed);
        continue;
      }
      const events = await this.options.eventLog.after(feed.tenantId, feed.delivered, upTo, READ_BATCH);
      if (this.closed) return;
      if (events.length === 0) {
        // Pruned: nothing is left up to `upTo` (ids are committed without holes, see above).
        feed.delivered = upTo;
        this.drop(feed);
        continue;
      }
      for (const event of events) {
        if (event.id > feed.delivered) this.deliver(feed, event);
      }
    }
  }

  private deliver(feed: TenantFeed, event: StoredEvent): void {
    feed.delivered = event.id;
    feed.held.delete(event.id);
    this.local.publish(event);
  }

  /** Forgets held events that are delivered already. */
  private drop(feed: TenantFeed): void {
    for (const id of feed.held.keys()) {
      if (id <= feed.delivered) feed.held.delete(id);
    }
  }
}
