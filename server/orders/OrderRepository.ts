import type { OrderFacets } from '../../shared/OrderFacets';
import type { OrderActor } from '../../shared/OrderHistory';
import type { OrderPatch } from '../../shared/OrderPatch';
import type { OrderStatus } from '../../shared/OrderStatus';
import type { Database, Queryable } from '../db/Database';
import type { EventHub } from '../events/EventHub';
import { nextEventId, recordEvent } from '../events/EventLog';
import { PublishingWrites } from '../events/PublishingWrites';
import type { OrderChange, OrderRemoval } from '../events/OrderChange';
import type { KeyValue } from './orderCursor';
import type { OrderFilter } from './orderFilterSql';
import { type OrderSlice, type PageAnswer, readPage } from './orderPageRows';
import { type OrderListCriteria, orderPageStatement } from './orderPageSql';
import type { OrderSort } from './orderSorts';
import { actorColumns, fieldChanges, SYSTEM } from './orderHistoryChanges';
import { type BulkMove, moveOrders } from './orderBulkMove';
import { applyUpdates, type OrderUpdate, recordHistory } from './orderUpdates';
import { ORDER_CHANGE_SQL } from './orderChangeSql';
import { insertOrder, type NewOrderRecord } from './orderInsert';
import { guardBooking } from './doubleBookings';
import { ORDER_COLUMNS, type OrderRecord, orderView, STATUS_RANK } from './orderView';

export type { OrderUpdate } from './orderUpdates';
export type { NewOrderRecord } from './orderInsert';

/** How a write that may create a double booking is made. */
export interface WriteOptions {
  /** Written even when the vehicle is booked by another order at an overlapping time. */
  confirmDoubleBooking?: boolean;
}

/** Whether `changes` move an order that counts for double bookings (`status` as it will be). */
function reschedules(changes: OrderPatch, status: OrderStatus): boolean {
  return (changes.begin !== undefined || changes.end !== undefined) && status !== 'cancelled' && status !== 'completed';
}

/** The order of names the facets are sorted in. */
const GERMAN = new Intl.Collator('de');

/**
 * The orders. Every write stores its events with it in one transaction and publishes them to `hub`
 * once committed (events/PublishingWrites.ts); its answer carries them, published by then.
 */
export class OrderRepository {
  private readonly writes: PublishingWrites;

  constructor(
    private readonly db: Database,
    hub: EventHub,
  ) {
    this.writes = new PublishingWrites(db, hub);
  }

  /**
   * One page: the rows after `criteria.after` in the order of the sort, at most `limit`; with
   * `count`, also the total of the filter and the tenant's last event id, in the same statement
   * (orderPageSql.ts builds it, orderPageRows.ts reads its rows).
   */
  async list(criteria: OrderListCriteria, options: { count?: boolean } = {}): Promise<OrderSlice> {
    const count = options.count ?? false;
    const statement = orderPageStatement(criteria, count);
    const [answer] = await this.db.query<PageAnswer>(statement.sql, statement.values, { prepared: statement.prepared });
    return readPage(answer, criteria, count);
  }

  /**
   * Every order of the filter in the order of the sort, read in keyset batches of `batchSize`, so
   * that neither the database nor this process holds more than one batch; stops when the consumer does.
   */
  async *batches(filter: OrderFilter, sort: OrderSort, batchSize: number): AsyncGenerator<OrderRecord[]> {
    let after: KeyValue[] | undefined;
    for (;;) {
      const slice = await this.list({ ...filter, sort, after, limit: batchSize });
      if (slice.records.length > 0) {
        yield slice.records;
      }
      if (!slice.more || !slice.lastKey) {
        return;
      }
      after = slice.lastKey;
    }
  }

  /**
   * The distinct stations and services of the tenant's orders, each sorted as German sorts (`Intl.Collator`,
   * here: the database's collation may be another). A loose index scan on the indexes by station and by
   * service (migration 014): one descent per value, from the least to the next greater, never a pass
   * over the orders.
   */
  async facets(tenantId: string): Promise<OrderFacets> {
    const next = (column: 'station' | 'service', after: string) =>
      `(SELECT min(${column}) FROM orders WHERE tenant_id = $1::uuid${after ? ` AND ${column} > ${after}` : ''})`;
    const walk = (column: 'station' | 'service') =>
      `${column}s(value) AS (SELECT ${next(column, '')} UNION ALL SELECT ${next(column, 'v.value')} FROM ${column}s v WHERE v.value IS NOT NULL)`;
    const rows = await this.db.query<{ kind: 'station' | 'service'; value: string }>(
      `WITH RECURSIVE ${walk('station')}, ${walk('service')}
       SELECT 'station' AS kind, value FROM stations WHERE value IS NOT NULL
       UNION ALL SELECT 'service', value FROM services WHERE value IS NOT NULL`,
      [tenantId],
      { prepared: true },
    );
    const sorted = (kind: 'station' | 'service') => rows.filter((row) => row.kind === kind).map((row) => row.value).sort(GERMAN.compare);
    return { stations: sorted('station'), services: sorted('service') };
  }

  /** The order `id` of the tenant, or undefined (also for another tenant's order). */
  async find(tenantId: string, id: string): Promise<OrderRecord | undefined> {
    // Kept prepared: the same text for every order, read by its key (every PATCH reads it first).
    const [row] = await this.db.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1::uuid AND tenant_id = $2::uuid`, [id, tenantId], {
      prepared: true,
    });
    return row;
  }

  /**
   * Applies `changes` to the order if it is still at `version`, in one statement: two writers that
   * both saw `version` cannot both succeed. Raises the version by one and sets `updated_at`; records
   * `order.updated` (the order as the API shows it) in the same transaction. Answers the changed
   * order with its committed and published event, or undefined when the order is gone
   * or at another version; then nothing is written. The change is kept in the order's history with
   * who made it (`by`), and the event says who.
   */
  async update(tenantId: string, id: string, version: number, changes: OrderPatch, now: Date, by: OrderActor = SYSTEM): Promise<OrderChange | undefined> {
    const [change] = await this.updateMany(tenantId, [{ id, version, changes }], now, by);
    return change;
  }

  /**
   * `update` of an order read before (`current`, as `find` answers it), in a single statement that is
   * its own transaction: the row changed when still at `current.version`, the tenant's next event id
   * taken, `order.updated` stored, the change kept in the order's history with who made
   * it (`by`, also in the event), then committed, all inside the database. The tenant's
   * counter lock (see `nextEventId`) is so held from inside the statement to its commit, never while
   * the answer travels to this process and the next statement back, which is what bounds how many
   * changes of one tenant commit per second. The event's order is the stored one as `update` makes it
   * (the changed fields, the version raised by one, `updatedAt` = `now` to the millisecond), built
   * here from `current`: unchanged since it was read, as its version is. Answers the changed order
   * with its event, committed and published, or undefined when the order is gone or at another
   * version; then nothing is written. A change of begin or end of an order that counts is first
   * checked for a double booking (doubleBookings.ts): refused unless `options.confirmDoubleBooking`,
   * by `DoubleBookingRefused`; the check and the change are then one transaction.
   */
  async change(tenantId: string, current: OrderRecord, changes: OrderPatch, now: Date, by: OrderActor = SYSTEM, options: WriteOptions = {}): Promise<OrderChange | undefined> {
    const updatedAt = new Date(now.getTime()).toISOString();
    const next: OrderRecord = {
      ...current,
      ...(changes.status === undefined ? {} : { status: changes.status, status_rank: STATUS_RANK[changes.status] }),
      ...(changes.notes === undefined ? {} : { notes: changes.notes }),
      ...(changes.station === undefined ? {} : { station: changes.station }),
      ...(changes.begin === undefined ? {} : { begin_at: new Date(changes.begin).toISOString() }),
      ...(changes.end === undefined ? {} : { end_at: new Date(changes.end).toISOString() }),
      version: current.version + 1,
      updated_at: updatedAt,
    };
    const [after, before] = [orderView(next), orderView(current)];
    const data = JSON.stringify({ ...after, previous: before, by });
    const values = [
      tenantId,
      current.id,
      current.version,
      changes.status ?? null,
      changes.notes ?? null,
      changes.station ?? null,
      changes.begin ?? null,
      changes.end ?? null,
      updatedAt,
      data,
      ...actorColumns(by),
      JSON.stringify(fieldChanges(before, after)),
    ];
    const apply = async (db: Queryable): Promise<OrderChange | undefined> => {
      // Kept prepared: one text for every change, each part found by its key, parsed and planned once
      // per connection instead of at every change.
      const [row] = await db.query<OrderRecord & { event_id: number }>(ORDER_CHANGE_SQL, values, { prepared: true });
      if (!row) return undefined;
      const { event_id: eventId, ...record } = row;
      return { record, event: { tenantId, id: Number(eventId), type: 'order.updated', data } };
    };
    const published = (change: OrderChange | undefined) => (change ? [change.event] : []);
    if (!reschedules(changes, next.status)) return this.writes.statement(apply, published);
    // A change of times is checked for a double booking first, in its transaction (doubleBookings.ts).
    const booking = { tenantId, id: current.id, plate: current.vehicle_plate, begin: next.begin_at, end: next.end_at };
    return this.writes.transaction(async (tx) => {
      await guardBooking(tx, booking, options.confirmDoubleBooking ?? false);
      return apply(tx);
    }, published);
  }

  /**
   * `update` for several orders (distinct ids) in one transaction and a fixed number of statements:
   * each is applied when its order is still at its version, and its `order.updated` event gets the
   * next id in the order given. Answers the applied changes in that order. The load generator of the
   * live benchmark writes its changes this way, ten to a transaction.
   */
  async updateMany(tenantId: string, updates: readonly OrderUpdate[], now: Date, by: OrderActor = SYSTEM): Promise<OrderChange[]> {
    const ids = updates.map((update) => update.id);
    if (new Set(ids).size !== ids.length) {
      throw new Error('updateMany takes each order once');
    }
    if (updates.length === 0) {
      return [];
    }
    return this.writes.transaction(
      (tx) => applyUpdates(tx, tenantId, updates, now, by),
      (applied) => applied.map((change) => change.event),
    );
  }

  /**
   * Moves each of `orders` to `status` in one transaction, each on its own terms (orderBulkMove.ts);
   * the moves' events are published once committed.
   */
  moveMany(tenantId: string, orders: readonly { id: string; version: number }[], status: OrderStatus, now: Date, by: OrderActor = SYSTEM): Promise<BulkMove> {
    return this.writes.transaction(
      (tx) => moveOrders(tx, tenantId, orders, status, now, by),
      (move) => move.changes.map((change) => change.event),
    );
  }

  /**
   * Creates an order at version 1, created and updated `now`, numbered after the tenant's highest
   * number that starts with `numberPrefix` (`AN-2026-000124` after `AN-2026-000123`, at least six
   * digits; orderInsert.ts); records `order.created` in the same transaction. Answers the order with
   * its event, committed and published, and keeps its creation in its history with who made it
   * (`by`, also in the event). Refused by `DoubleBookingRefused` when it would double-book its
   * vehicle, unless `options.confirmDoubleBooking` (see `change`).
   */
  async create(
    tenantId: string,
    numberPrefix: string,
    order: NewOrderRecord,
    now: Date,
    by: OrderActor = SYSTEM,
    /** Runs in the creating transaction after the order is stored; what it throws rolls the creation back. */
    within?: (tx: Queryable, record: OrderRecord) => Promise<void>,
    options: WriteOptions = {},
  ): Promise<OrderChange> {
    const booking = { tenantId, plate: order.vehicle_plate, begin: order.begin_at, end: order.end_at };
    return this.writes.transaction(
      async (tx) => {
        // Before the tenant's event counter is locked (insertOrder): a change of times locks the plate first, too.
        if (reschedules({ begin: order.begin_at }, order.status)) await guardBooking(tx, booking, options.confirmDoubleBooking ?? false);
        return insertOrder(tx, tenantId, numberPrefix, order, now, by, within);
      },
      (created) => [created.event],
    );
  }

  /**
   * The number prefix of the tenant's orders made at `now`: its prefix and the year in UTC
   * (`AN-2026-`), for `create`.
   */
  async numberPrefix(tenantId: string, now: Date): Promise<string> {
    const [row] = await this.db.query<{ order_prefix: string }>('SELECT order_prefix FROM tenants WHERE id = $1::uuid', [tenantId]);
    if (!row) throw new Error(`no tenant ${tenantId}`);
    return `${row.order_prefix}-${now.getUTCFullYear()}-`;
  }

  /**
   * Deletes the order and records `order.deleted` (`{ "id" }`) in the same transaction. Answers the
   * event, committed and published, or undefined when the tenant has no such order.
   */
  async delete(tenantId: string, id: string, now: Date, by: OrderActor = SYSTEM): Promise<OrderRemoval | undefined> {
    return this.writes.transaction(async (tx) => {
      const [row] = await tx.query<OrderRecord>(`DELETE FROM orders WHERE id = $1::uuid AND tenant_id = $2::uuid RETURNING ${ORDER_COLUMNS}`, [
        id,
        tenantId,
      ]);
      if (!row) {
        return undefined;
      }
      const eventId = await nextEventId(tx, tenantId);
      await recordHistory(tx, tenantId, row.id, 'deleted', by, now);
      return { id: row.id, event: await recordEvent(tx, tenantId, eventId, 'order.deleted', { id: row.id, previous: orderView(row), by }, now) };
    }, (removal) => (removal ? [removal.event] : []));
  }
}
