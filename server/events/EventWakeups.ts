/**
 * The channel on which a process wakes the others after it committed events: the payload is
 * `<tenant id>:<last event id>`, a few dozen bytes however many events it stands for.
 */
export const EVENT_CHANNEL = 'order_events';

/** The payload of a wake-up on `EVENT_CHANNEL`: the tenant's events up to `lastId` are committed. */
export function eventNotice(tenantId: string, lastId: number): string {
  return `${tenantId}:${lastId}`;
}

/** What a wake-up on `EVENT_CHANNEL` says: where the tenant stands. */
export interface EventNotice {
  tenantId: string;
  lastId: number;
}

/** Reads a payload of `EVENT_CHANNEL`; undefined when it is not one. */
export function parseEventNotice(payload: string): EventNotice | undefined {
  const separator = payload.lastIndexOf(':');
  const lastId = Number(payload.slice(separator + 1));
  if (separator <= 0 || !Number.isSafeInteger(lastId) || lastId <= 0) return undefined;
  return { tenantId: payload.slice(0, separator), lastId };
}

/** Sends wake-ups (`pg_notify` on `EVENT_CHANNEL`, one per payload) in a transaction of their own. */
export type SendWakeups = (payloads: readonly string[]) => Promise<void>;

/**
 * Wakes the other processes on one PostgreSQL server after this one committed events, so that their
 * hubs read the events from the table (the outbox, see PostgresEventHub.ts).
 *
 * A write transaction does not notify: PostgreSQL lets one transaction that notified commit at a
 * time in a database (it holds a lock from before its commit until after its flush to disk), so
 * writers that notified would wait on one another, whichever tenant they wrote. Instead, after the
 * commit, the wake-ups of what committed meanwhile go together in one small transaction of their
 * own (on the listening connection, with `synchronous_commit` off: a lost wake-up costs a moment,
 * see below, never an event), at most one at a time from each process. So however many writers
 * commit, a process sends a wake-up per round trip to the server at most, and it names each tenant
 * once, with its last id.
 *
 * A wake-up is a hint: the events are in the table. One that never goes (the process died between
 * its commit and the wake-up, the connection was down) delays delivery elsewhere until the next
 * wake-up of the tenant or the hubs' poll of where the tenants stand, never loses an event.
 */
export class EventWakeups {
  private readonly pending = new Map<string, number>();
  private sending = false;
  private queued = false;
  /** A failure was reported and nothing has gone since: the next failures are not reported again. */
  private failing = false;
  private closed = false;

  constructor(
    private readonly send: SendWakeups,
    private readonly onError: (error: unknown, message: string) => void,
  ) {}

  /** The tenant's events up to `lastId` have committed here: wake the others. */
  announce(tenantId: string, lastId: number): void {
    if (this.closed) return;
    if ((this.pending.get(tenantId) ?? 0) < lastId) this.pending.set(tenantId, lastId);
    // After what runs now: the events a caller publishes one after the other go together.
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.flush();
    });
  }

  /** Sends what waits, unless a send is under way (which sends it when done). Also after a reconnect. */
  flush(): void {
    if (this.closed || this.sending || this.pending.size === 0) return;
    this.sending = true;
    const batch = [...this.pending];
    this.pending.clear();
    this.send(batch.map(([tenantId, lastId]) => eventNotice(tenantId, lastId))).then(
      () => {
        this.failing = false;
        this.sending = false;
        this.flush();
      },
      (error: unknown) => {
        // Kept for the next try (the next announce, or the connection back): no spin while it is down.
        for (const [tenantId, lastId] of batch) {
          if ((this.pending.get(tenantId) ?? 0) < lastId) this.pending.set(tenantId, lastId);
        }
        this.sending = false;
        if (!this.failing && !this.closed) this.onError(error, 'waking the other processes failed; the next wake-up or their poll tells them');
        this.failing = true;
      },
    );
  }

  close(): void {
    this.closed = true;
    this.pending.clear();
  }
}
