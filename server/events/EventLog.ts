import type { Queryable } from '../db/Database';
import type { OrderEventType, StoredEvent } from './EventHub';

/** How long events are kept: at least the newest `minEvents` of each tenant, and every one younger than `minAgeMs`. */
export interface EventRetention {
  minEvents: number;
  minAgeMs: number;
}

export const DEFAULT_RETENTION: EventRetention = { minEvents: 10_000, minAgeMs: 24 * 60 * 60 * 1000 };

/** Where a tenant's events stand: the last id given out (0 before the first) and the oldest kept (none when all are pruned). */
export interface EventPosition {
  lastId: number;
  oldestId: number | null;
}

interface EventRow {
  id: number;
  type: OrderEventType;
  data: string;
}

/**
 * The next event id of `tenantId`, taken in the transaction `tx` (the one that changes the order).
 * It comes from the tenant's counter row (migration 004), whose lock the transaction then holds until
 * it ends: the writers of a tenant get their ids one after the other and commit in id order. So when
 * an id is committed, every lower id of the tenant is committed too (a rolled-back writer gives its id
 * back): reading the table by id misses nothing that a later read would find.
 */
export async function nextEventId(tx: Queryable, tenantId: string): Promise<number> {
  return nextEventIds(tx, tenantId, 1);
}

/** The first of `count` consecutive event ids of `tenantId`, taken in `tx` as `nextEventId` takes one. */
export async function nextEventIds(tx: Queryable, tenantId: string, count: number): Promise<number> {
  const [counter] = await tx.query<{ last_id: number }>(
    `INSERT INTO tenant_event_counters AS c (tenant_id, last_id) VALUES ($1::uuid, $2::bigint)
     ON CONFLICT (tenant_id) DO UPDATE SET last_id = c.last_id + $2::bigint
     RETURNING last_id`,
    [tenantId, count],
  );
  return Number(counter?.last_id) - count + 1;
}

/** Stores the event `id` (from `nextEventId` in the same transaction) with `data` as JSON text, and answers it. */
export async function recordEvent(
  tx: Queryable,
  tenantId: string,
  id: number,
  type: OrderEventType,
  data: unknown,
  now: Date,
): Promise<StoredEvent> {
  const [event] = await recordEvents(tx, tenantId, id, [{ type, data }], now);
  return event as StoredEvent;
}

/**
 * Stores events with the consecutive ids from `firstId` (from `nextEventIds`) in one statement, and
 * answers them. The table is the outbox: they are published once their transaction has committed
 * (PublishingWrites.ts, EventHub.publish), which also wakes the other processes (PostgresEventHub.ts).
 */
export async function recordEvents(
  tx: Queryable,
  tenantId: string,
  firstId: number,
  events: readonly { type: OrderEventType; data: unknown }[],
  now: Date,
): Promise<StoredEvent[]> {
  const stored = events.map(({ type, data }, index): StoredEvent => ({ tenantId, id: firstId + index, type, data: JSON.stringify(data) }));
  if (stored.length > 0) {
    await tx.query(
      `INSERT INTO order_events (tenant_id, id, type, data, created_at)
       SELECT $1::uuid, e.id, e.type, e.data, $2::timestamptz FROM unnest($3::bigint[], $4::text[], $5::text[]) AS e(id, type, data)`,
      [tenantId, now.toISOString(), stored.map((event) => event.id), stored.map((event) => event.type), stored.map((event) => event.data)],
    );
  }
  return stored;
}

/**
 * Stores `events` under the next ids of `tenantId` in one statement of `tx`: the counter (as
 * `nextEventIds` takes it) and the rows (as `recordEvents` stores them) at once, so
 * that the tenant's counter lock is held from this statement to the commit only, not across a further
 * round trip to the backend. Answers the stored events.
 */
export async function appendEvents(
  tx: Queryable,
  tenantId: string,
  events: readonly { type: OrderEventType; data: unknown }[],
  now: Date,
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const types = events.map((event) => event.type);
  const texts = events.map((event) => JSON.stringify(event.data));
  const [row] = await tx.query<{ last_id: number }>(
    `WITH counter AS (
       INSERT INTO tenant_event_counters AS c (tenant_id, last_id) VALUES ($1::uuid, $2::bigint)
       ON CONFLICT (tenant_id) DO UPDATE SET last_id = c.last_id + $2::bigint
       RETURNING last_id
     ), stored AS (
       INSERT INTO order_events (tenant_id, id, type, data, created_at)
       SELECT $1::uuid, counter.last_id - $2::bigint + e.n, e.type, e.data, $3::timestamptz
         FROM counter, unnest($4::text[], $5::text[]) WITH ORDINALITY AS e(type, data, n)
     )
     SELECT last_id FROM counter`,
    [tenantId, events.length, now.toISOString(), types, texts],
  );
  const firstId = Number(row?.last_id) - events.length + 1;
  return events.map((event, index) => ({ tenantId, id: firstId + index, type: event.type, data: texts[index] as string }));
}

/** Reading and pruning the stored events (`order_events`). */
export class EventLog {
  constructor(private readonly db: Queryable) {}

  /** The tenant's last id and oldest kept id, as committed. */
  async position(tenantId: string): Promise<EventPosition> {
    const [row] = await this.db.query<{ last_id: number | null; oldest_id: number | null }>(
      `SELECT (SELECT last_id FROM tenant_event_counters WHERE tenant_id = $1::uuid) AS last_id,
              (SELECT min(id) FROM order_events WHERE tenant_id = $1::uuid) AS oldest_id`,
      [tenantId],
    );
    return {
      lastId: row?.last_id === null || row?.last_id === undefined ? 0 : Number(row.last_id),
      oldestId: row?.oldest_id === null || row?.oldest_id === undefined ? null : Number(row.oldest_id),
    };
  }

  /** The tenant's events after `afterId` up to `upToId`, in id order, at most `limit`. */
  async after(tenantId: string, afterId: number, upToId: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.db.query<EventRow>(
      `SELECT id, type, data FROM order_events
        WHERE tenant_id = $1::uuid AND id > $2 AND id <= $3
        ORDER BY id LIMIT $4`,
      [tenantId, afterId, upToId, limit],
    );
    return rows.map((row) => ({ tenantId, id: Number(row.id), type: row.type, data: row.data }));
  }

  /**
   * Deletes the events that are both older than `retention.minAgeMs` and outside the newest
   * `retention.minEvents` of their tenant; answers how many.
   */
  async prune(now: Date, retention: EventRetention): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `DELETE FROM order_events e USING tenant_event_counters c
        WHERE c.tenant_id = e.tenant_id AND e.id <= c.last_id - $1 AND e.created_at < $2::timestamptz
        RETURNING e.id`,
      [retention.minEvents, new Date(now.getTime() - retention.minAgeMs).toISOString()],
    );
    return rows.length;
  }
}
