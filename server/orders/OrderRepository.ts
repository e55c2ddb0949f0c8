import type { OrderStatus } from '../../shared/OrderStatus';
import type { Database, SqlValue } from '../db/Database';
import { appendEvents, carriesEvent, EVENT_CHANNEL, nextEventId, noticeSql, recordEvent } from '../events/EventLog';
import type { StoredEvent } from '../events/EventHub';
import type { OrderChange, OrderRemoval } from '../events/OrderChange';
import type { KeyValue } from './orderCursor';
import type { OrderSort } from './orderSorts';
import { ORDER_COLUMNS, type OrderRecord, orderView } from './orderView';

/** One order's change for `updateMany`: applied only while the order is at `version`. */
export interface OrderUpdate {
  id: string;
  version: number;
  changes: OrderChanges;
}

/** The columns of `ORDER_COLUMNS`, of the orders table where an UPDATE joins another source. */
const RETURNED_COLUMNS = ORDER_COLUMNS.split(',')
  .map((name) => `o.${name.trim()}`)
  .join(', ');

/** Which orders of a tenant. */
export interface OrderFilter {
  tenantId: string;
  /** Orders whose [begin, end] overlaps [begin, end] of the filter, boundaries included; either end may be open. */
  begin?: string;
  end?: string;
  /** Any of these states; none or all of them means any state. */
  statuses?: readonly OrderStatus[];
  /** Part of the number, licence plate or customer name, case-insensitive. */
  search?: string;
}

/** Which orders of a tenant, in which order, from where. */
export interface OrderListCriteria extends OrderFilter {
  sort: OrderSort;
  /** The key of the last row of the previous page. */
  after?: readonly KeyValue[];
  limit: number;
}

export interface OrderSlice {
  records: OrderRecord[];
  /** Whether more rows follow the slice. */
  more: boolean;
  /** The key of the last record, as a cursor carries it (timestamps exact to the microsecond). */
  lastKey?: KeyValue[];
  /** All orders of the filter, when asked for. */
  total?: number;
  /** With the total: the tenant's last event id the slice reflects (0: no event yet). */
  lastEventId?: number;
}

/** A UTC `timestamp` as PostgreSQL writes it as text (date style ISO): `2026-09-22 05:00:00.1234`. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/;

function utcText(value: string): RegExpExecArray {
  const match = UTC_TEXT.exec(value);
  if (!match) {
    throw new Error(`not a timestamp in UTC: ${value}`);
  }
  return match;
}

/** A timestamp of a page (`2026-09-22 05:00:00.1234`, UTC) as the API sends it: `2026-09-22T05:00:00.123Z`. */
export function isoTimestamp(value: string): string {
  const [, day, time, fraction = ''] = utcText(value);
  return `${day}T${time}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
}

/** A timestamp of a page as a cursor carries it, exact to the microsecond: `2026-09-22T05:00:00.123400Z`. */
export function exactTimestamp(value: string): string {
  const [, day, time, fraction = ''] = utcText(value);
  return `${day}T${time}.${fraction.padEnd(6, '0')}Z`;
}

/** What `PATCH /api/orders/{id}` may change; timestamps as ISO strings. */
export interface OrderChanges {
  status?: OrderStatus;
  notes?: string;
  begin?: string;
  end?: string;
  station?: string;
}

/** The position of each state in the life cycle: `status_rank` of the orders table (migration 001). */
const STATUS_RANK: Record<OrderStatus, number> = { new: 1, confirmed: 2, in_progress: 3, completed: 4, cancelled: 5 };
const ALL_RANKS = Object.values(STATUS_RANK);

/** The start of the UTC day of a timestamp: the `day` of `order_day_counts`. */
const utcDay = (value: string) => `date_bin('1 day', ${value}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

const DAY_MS = 86_400_000;

/** Whether an instant lies in the second half of its UTC day (which side of it an index count is cheaper on). */
function inSecondHalfOfDay(iso: string): boolean {
  const time = Date.parse(iso);
  return (((time % DAY_MS) + DAY_MS) % DAY_MS) >= DAY_MS / 2;
}

/**
 * The columns of an order as a page carries them, in this order: each row one array of texts (see
 * `list`). `status_rank` follows from `status`.
 */
const PAGE_COLUMNS = [
  'id',
  'number',
  'status',
  'begin_at',
  'end_at',
  'station',
  'service',
  'customer_name',
  'customer_email',
  'customer_phone',
  'vehicle_plate',
  'vehicle_make',
  'vehicle_model',
  'vehicle_vin',
  'price_amount',
  'price_currency',
  'notes',
  'created_at',
  'updated_at',
  'version',
] as const;

/** The timestamps among them: written in UTC, whatever the session's time zone. */
const PAGE_TIMESTAMPS: ReadonlySet<string> = new Set(['begin_at', 'end_at', 'created_at', 'updated_at']);

type PageRow = [
  id: string,
  number: string,
  status: OrderStatus,
  begin_at: string,
  end_at: string,
  station: string,
  service: string,
  customer_name: string,
  customer_email: string,
  customer_phone: string,
  vehicle_plate: string,
  vehicle_make: string,
  vehicle_model: string,
  vehicle_vin: string | null,
  price_amount: string,
  price_currency: string,
  notes: string,
  created_at: string,
  updated_at: string,
  version: string,
];

/** A row of a page as a record, its timestamps as the API shows them. */
function pageRecord(row: PageRow): OrderRecord {
  return {
    id: row[0],
    number: row[1],
    status: row[2],
    status_rank: STATUS_RANK[row[2]],
    begin_at: isoTimestamp(row[3]),
    end_at: isoTimestamp(row[4]),
    station: row[5],
    service: row[6],
    customer_name: row[7],
    customer_email: row[8],
    customer_phone: row[9],
    vehicle_plate: row[10],
    vehicle_make: row[11],
    vehicle_model: row[12],
    vehicle_vin: row[13],
    price_amount: Number(row[14]),
    price_currency: row[15],
    notes: row[16],
    created_at: isoTimestamp(row[17]),
    updated_at: isoTimestamp(row[18]),
    version: Number(row[19]),
  };
}

/** The value of a sort key column in a row of a page, as a cursor carries it. */
function pageKey(row: PageRow, column: string): KeyValue {
  if (column === 'status_rank') {
    return STATUS_RANK[row[2]];
  }
  const value = row[(PAGE_COLUMNS as readonly string[]).indexOf(column)];
  if (value === null || value === undefined) {
    throw new Error(`no sort key ${column} in a page row`);
  }
  if (column === 'price_amount') {
    return Number(value);
  }
  return PAGE_TIMESTAMPS.has(column) ? exactTimestamp(value) : value;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Collects the parameters of one statement. */
class Parameters {
  readonly values: SqlValue[] = [];

  add(value: SqlValue, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/** The ranks of the asked states, or undefined when every state is asked for (or none). */
function statusRanks(statuses: readonly OrderStatus[] | undefined): number[] | undefined {
  const ranks = [...new Set((statuses ?? []).map((status) => STATUS_RANK[status]))].sort((a, b) => a - b);
  return ranks.length === 0 || ranks.length === ALL_RANKS.length ? undefined : ranks;
}

/**
 * The conditions of a filter except the states (the callers place those). With `lowerBound`, also
 * the lower bound of begin (for scans in the order of begin); it is left out otherwise, since the
 * planner cannot estimate it and would then misjudge the other sorts.
 */
function filterConditions(filter: OrderFilter, params: Parameters, tenant: string, lowerBound = false): string[] {
  const conditions = [`tenant_id = ${tenant}`];
  if (filter.end !== undefined) {
    conditions.push(`begin_at <= ${params.add(filter.end, 'timestamptz')}`);
  }
  if (filter.begin !== undefined) {
    const begin = params.add(filter.begin, 'timestamptz');
    conditions.push(`end_at >= ${begin}`);
    if (lowerBound) {
      // An order that overlaps the range cannot begin earlier than the range's begin minus the
      // tenant's longest order: where a scan by begin may stop (a sub-select that runs once).
      const longest = `coalesce((SELECT max_duration FROM order_tenant_bounds WHERE tenant_id = ${tenant}), interval '1000 years')`;
      conditions.push(`begin_at >= ${begin} - ${longest}`);
    }
  }
  if (filter.search) {
    const pattern = params.add(likePattern(filter.search), 'text');
    conditions.push(`(number ILIKE ${pattern} OR vehicle_plate ILIKE ${pattern} OR customer_name ILIKE ${pattern})`);
  }
  return conditions;
}

/**
 * The conditions of the rows after the cursor: the sort's key columns compared as a row with the
 * cursor's key (`value(i)`, the placeholder of `after[i]`). When that row starts with `begin_at`,
 * which the date range bounds as well, also `begin_at` on its own: redundant, but the index scan
 * then starts at the cursor; given `begin_at <= $end` and `(begin_at, id) < (…)` it started at
 * `$end` and passed over every page before the cursor. (Another column alone would do harm: a scan
 * started at `status_rank <= 2` passes over the rest of that state.)
 *
 * Where the state is fixed (`rank`: a filter of one state, or one branch per state) and leads the
 * sort, the state is compared here, with the cursor's: the rows of an earlier state all precede the
 * cursor (null: none follows), those of a later one all follow it (no condition), and within the
 * cursor's state the rest of the key is compared, which the index on (state, begin, id) can start
 * at; the row comparison led by the state could not, behind the equality on it.
 */
function keysetConditions(sort: OrderSort, after: readonly KeyValue[], value: (index: number) => string, rank?: number): string[] | null {
  let from = 0;
  if (rank !== undefined && sort.keys[0]?.column === 'status_rank') {
    const afterRank = Number(after[0]);
    if (rank !== afterRank) {
      return (sort.descending ? rank > afterRank : rank < afterRank) ? null : [];
    }
    from = 1;
  }
  const keys = sort.keys.slice(from);
  const first = keys[0];
  if (!first) {
    return [];
  }
  const values = keys.map((_, index) => value(from + index));
  const [comparison, bound] = sort.descending ? ['<', '<='] : ['>', '>='];
  const row = `(${keys.map((key) => key.column).join(', ')}) ${comparison} (${values.join(', ')})`;
  return first.column === 'begin_at' ? [`begin_at ${bound} ${values[0]}`, row] : [row];
}

export class OrderRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page: the rows after `criteria.after` in the order of the sort, at most `limit`; with
   * `count`, also the total of the filter (in the same statement).
   *
   * Every sort reads an index in its own order and stops after `limit + 1` rows; the date range is
   * tested on index keys. The sort by number, and the sorts by begin and status under a filter of
   * several states, read one ordered branch per state from an index that leads with the state and
   * merge them, instead of passing over long runs of other states (numbers follow creation, states
   * follow dates).
   */
  async list(criteria: OrderListCriteria, options: { count?: boolean } = {}): Promise<OrderSlice> {
    const params = new Parameters();
    const tenant = params.add(criteria.tenantId, 'uuid');
    const { keys, descending } = criteria.sort;
    // The lower bound of begin helps scans in the order of begin, and searches (which read the rows
    // of the range anyway); elsewhere it would only spoil the planner's estimates.
    const byBegin = keys.some((key) => key.column === 'begin_at');
    const conditions = filterConditions(criteria, params, tenant, byBegin || criteria.search !== undefined);
    const { after } = criteria;
    // A placeholder for each value of the cursor's key that a condition uses (PostgreSQL cannot type
    // one that none does).
    const afterValues: string[] = [];
    const afterValue = (index: number) => (afterValues[index] ??= params.add(after?.[index] ?? null, keys[index]?.type ?? 'text'));
    /** The conditions of the rows after the cursor, of state `rank` or any; null when none can follow. */
    const keyset = (rank?: number): string[] | null => (after ? keysetConditions(criteria.sort, after, afterValue, rank) : []);
    const direction = descending ? 'DESC' : 'ASC';
    const orderBy = (prefix = '') => keys.map((key) => `${prefix}${key.column} ${direction}`).join(', ');
    const limit = params.add(criteria.limit + 1, 'int');
    const select = `SELECT ${ORDER_COLUMNS} FROM orders`;
    const ranks = statusRanks(criteria.statuses);

    // Sorts by number, and sorts by begin or status under a filter of several states, read one
    // ordered branch per state from the indexes that lead with the state, and merge them (PostgreSQL
    // before 17 does not read an index in order for a list of states).
    const first = keys[0]?.column;
    const severalStates = ranks !== undefined && ranks.length > 1;
    const branchRanks =
      first === 'number' ? (ranks ?? ALL_RANKS) : (first === 'begin_at' || first === 'status_rank') && severalStates ? ranks : undefined;
    let page: string;
    if (branchRanks && branchRanks.length > 1) {
      // A state whose rows all precede the cursor needs no branch; when none is left, no row follows.
      const branches = branchRanks.flatMap((rank) => {
        const rest = keyset(rank);
        const where = rest && [...conditions, `status_rank = ${rank}`, ...rest].join(' AND ');
        return where ? [`(${select} WHERE ${where} ORDER BY ${orderBy()} LIMIT ${limit})`] : [];
      });
      page =
        branches.length > 0
          ? `SELECT * FROM (${branches.join(' UNION ALL ')}) AS branches ORDER BY ${orderBy()} LIMIT ${limit}`
          : `${select} WHERE ${[...conditions, 'false'].join(' AND ')} LIMIT ${limit}`;
    } else {
      const oneState = ranks?.length === 1 ? ranks[0] : undefined;
      const states = ranks ? [oneState !== undefined ? `status_rank = ${oneState}` : `status_rank IN (${ranks.join(', ')})`] : [];
      const rest = keyset(oneState) ?? ['false'];
      page = `${select} WHERE ${[...conditions, ...states, ...rest].join(' AND ')} ORDER BY ${orderBy()} LIMIT ${limit}`;
    }
    // The rows travel as one value, the JSON text of a two-dimensional array of texts: the embedded
    // database then passes one value instead of one per column and row, and writing texts into JSON
    // costs it a third less than writing typed values (json_build_array looks up each value's type
    // for every row). Timestamps come in UTC with their microseconds, so the cursor's key comes from
    // the row itself.
    // The first page also says which of the tenant's live events it reflects (read in the same
    // statement, so in the same snapshot: the events of a tenant commit in the order of their ids).
    const total = options.count
      ? `, (${this.countExpression(criteria, params)}) AS total, (SELECT last_id FROM tenant_event_counters WHERE tenant_id = ${tenant}) AS last_event_id`
      : '';
    const texts = PAGE_COLUMNS.map((column) =>
      PAGE_TIMESTAMPS.has(column) ? `(r.${column} AT TIME ZONE 'UTC')::text` : `r.${column}::text`,
    );
    const rowsJson = `to_json(array_agg(ARRAY[${texts.join(', ')}] ORDER BY ${orderBy('r.')}))`;
    const sql = `SELECT coalesce((SELECT ${rowsJson} FROM (${page}) AS r), '[]')::text AS rows${total}`;
    // Kept prepared and planned once, but for a search: how many rows a text matches decides the plan.
    const [result] = await this.db.query<{ rows: string; total?: number; last_event_id?: number | string | null }>(sql, params.values, {
      prepared: criteria.search === undefined,
    });
    const rows = JSON.parse(result?.rows ?? '[]') as PageRow[];

    const more = rows.length > criteria.limit;
    const pageRows = more ? rows.slice(0, criteria.limit) : rows;
    const last = pageRows[pageRows.length - 1];
    return {
      records: pageRows.map(pageRecord),
      more,
      lastKey: last ? keys.map((key) => pageKey(last, key.column)) : undefined,
      ...(options.count ? { total: Number(result?.total ?? 0), lastEventId: Number(result?.last_event_id ?? 0) } : {}),
    };
  }

  /**
   * How many orders match the filter, as a scalar sub-select. Without a search text this needs no
   * scan of the range: the orders overlapping [b, e] are those beginning at or before e minus those
   * ending before b (an order that ends before b began before e). Each is a sum over whole UTC days
   * of `order_day_counts` and an index count within the day of e (or b): from the start of that day
   * to e, or, when e lies in the day's second half, the whole day less a count from e to its end
   * (day ranges of the console end late in the UTC day, when few orders begin). A search text is
   * counted row by row.
   */
  private countExpression(filter: OrderFilter, params: Parameters): string {
    const tenant = params.add(filter.tenantId, 'uuid');
    const ranks = statusRanks(filter.statuses);
    if (filter.search) {
      const conditions = filterConditions(filter, params, tenant, true);
      if (ranks) {
        conditions.push(`status_rank IN (${ranks.join(', ')})`);
      }
      return `SELECT count(*) FROM orders WHERE ${conditions.join(' AND ')}`;
    }
    // Every state listed, also without a filter: the indexes lead with the state.
    const states = `status_rank IN (${(ranks ?? ALL_RANKS).join(', ')})`;
    const days = (side: 'begin' | 'end', comparison?: string) =>
      `(SELECT coalesce(sum(orders), 0) FROM order_day_counts
         WHERE tenant_id = ${tenant} AND side = '${side}' AND ${states}${comparison ? ` AND day ${comparison}` : ''})`;
    const rows = (condition: string) => `(SELECT count(*) FROM orders WHERE tenant_id = ${tenant} AND ${states} AND ${condition})`;
    const terms: string[] = [];
    if (filter.end !== undefined) {
      // Orders beginning at or before e.
      const end = params.add(filter.end, 'timestamptz');
      const day = utcDay(end);
      terms.push(
        inSecondHalfOfDay(filter.end)
          ? `+ ${days('begin', `<= ${day}`)} - ${rows(`begin_at > ${end} AND begin_at < ${day} + interval '1 day'`)}`
          : `+ ${days('begin', `< ${day}`)} + ${rows(`begin_at >= ${day} AND begin_at <= ${end}`)}`,
      );
    } else {
      terms.push(`+ ${days('begin')}`);
    }
    if (filter.begin !== undefined) {
      // Orders ending before b.
      const begin = params.add(filter.begin, 'timestamptz');
      const day = utcDay(begin);
      terms.push(
        inSecondHalfOfDay(filter.begin)
          ? `- ${days('end', `<= ${day}`)} + ${rows(`end_at >= ${begin} AND end_at < ${day} + interval '1 day'`)}`
          : `- ${days('end', `< ${day}`)} - ${rows(`end_at >= ${day} AND end_at < ${begin}`)}`,
      );
    }
    return `SELECT (0 ${terms.join(' ')})::bigint`;
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

  /** The order `id` of the tenant, or undefined (also for another tenant's order). */
  async find(tenantId: string, id: string): Promise<OrderRecord | undefined> {
    const [row] = await this.db.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1::uuid AND tenant_id = $2::uuid`, [
      id,
      tenantId,
    ]);
    return row;
  }

  /**
   * Applies `changes` to the order if it is still at `version`, in one statement: two writers that
   * both saw `version` cannot both succeed. Raises the version by one and sets `updated_at`; records
   * `order.updated` (the order as the API shows it) in the same transaction. Answers the changed
   * order with its committed event (for the caller to publish), or undefined when the order is gone
   * or at another version; then nothing is written.
   */
  async update(tenantId: string, id: string, version: number, changes: OrderChanges, now: Date): Promise<OrderChange | undefined> {
    const [change] = await this.updateMany(tenantId, [{ id, version, changes }], now);
    return change;
  }

  /**
   * `update` of an order read before (`current`, as `find` answers it), in a single statement that is
   * its own transaction: the row changed when still at `current.version`, the tenant's next event id
   * taken, `order.updated` stored and announced, then committed, all inside the database. The tenant's
   * counter lock (see `nextEventId`) is so held from inside the statement to its commit, never while
   * the answer travels to this process and the next statement back, which is what bounds how many
   * changes of one tenant commit per second. The event's order is the stored one as `update` makes it
   * (the changed fields, the version raised by one, `updatedAt` = `now` to the millisecond), built
   * here from `current`: unchanged since it was read, as its version is. Answers the changed order
   * with its committed event, or undefined when the order is gone or at another version; then
   * nothing is written.
   */
  async change(tenantId: string, current: OrderRecord, changes: OrderChanges, now: Date): Promise<OrderChange | undefined> {
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
    const data = JSON.stringify({ ...orderView(next), previous: orderView(current) });
    const [row] = await this.db.query<OrderRecord & { event_id: number }>(
      `WITH changed AS (
         UPDATE orders o SET
             status = coalesce($4::text, o.status),
             notes = coalesce($5::text, o.notes),
             station = coalesce($6::text, o.station),
             begin_at = coalesce(date_trunc('milliseconds', $7::timestamptz), o.begin_at),
             end_at = coalesce(date_trunc('milliseconds', $8::timestamptz), o.end_at),
             version = o.version + 1,
             updated_at = date_trunc('milliseconds', $9::timestamptz)
           WHERE o.tenant_id = $1::uuid AND o.id = $2::uuid AND o.version = $3::int
           RETURNING ${ORDER_COLUMNS}
       ), counter AS (
         INSERT INTO tenant_event_counters AS c (tenant_id, last_id) SELECT $1::uuid, 1 FROM changed
         ON CONFLICT (tenant_id) DO UPDATE SET last_id = c.last_id + 1
         RETURNING last_id
       ), stored AS (
         INSERT INTO order_events (tenant_id, id, type, data, created_at)
         SELECT $1::uuid, counter.last_id, 'order.updated', $10::text, $9::timestamptz FROM counter
       )
       SELECT changed.*, counter.last_id AS event_id, pg_notify('${EVENT_CHANNEL}', ${noticeSql('$1', 'counter.last_id', '$11', '$10')})
         FROM changed, counter`,
      [
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
        // The notification carries the event when it fits: the other processes need not read it.
        carriesEvent(tenantId, 'order.updated', data) ? 'order.updated' : null,
      ],
    );
    if (!row) return undefined;
    const { event_id: eventId, pg_notify: _notified, ...record } = row as OrderRecord & { event_id: number; pg_notify?: unknown };
    return { record, event: { tenantId, id: Number(eventId), type: 'order.updated', data } };
  }

  /**
   * `update` for several orders (distinct ids) in one transaction and a fixed number of statements:
   * each is applied when its order is still at its version, and its `order.updated` event gets the
   * next id in the order given. Answers the applied changes in that order. The load generator of the
   * live benchmark writes its changes this way, ten to a transaction.
   */
  async updateMany(tenantId: string, updates: readonly OrderUpdate[], now: Date): Promise<OrderChange[]> {
    const ids = updates.map((update) => update.id);
    if (new Set(ids).size !== ids.length) {
      throw new Error('updateMany takes each order once');
    }
    if (updates.length === 0) {
      return [];
    }
    const column = <T>(pick: (changes: OrderChanges) => T | undefined) => updates.map((update) => pick(update.changes) ?? null);
    return this.db.transaction(async (tx) => {
      // The orders as they were go with the events (`previous`): a console that does not hold one
      // can still tell whether it left its list. Locked (in id order), so that they are what the
      // changes replace.
      const before = await tx.query<OrderRecord>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE tenant_id = $1::uuid AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
        [tenantId, ids],
      );
      // A field left out (null here) keeps its value; begin and end are stored to the millisecond.
      const rows = await tx.query<OrderRecord>(
        `UPDATE orders o SET
            status = coalesce(v.status, o.status),
            notes = coalesce(v.notes, o.notes),
            station = coalesce(v.station, o.station),
            begin_at = coalesce(date_trunc('milliseconds', v.begin_at), o.begin_at),
            end_at = coalesce(date_trunc('milliseconds', v.end_at), o.end_at),
            version = o.version + 1,
            updated_at = date_trunc('milliseconds', $2::timestamptz)
          FROM unnest($3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[])
            AS v(id, version, status, notes, station, begin_at, end_at)
          WHERE o.tenant_id = $1::uuid AND o.id = v.id AND o.version = v.version
          RETURNING ${RETURNED_COLUMNS}`,
        [
          tenantId,
          now.toISOString(),
          ids,
          updates.map((update) => update.version),
          column((changes) => changes.status),
          column((changes) => changes.notes),
          column((changes) => changes.station),
          column((changes) => changes.begin),
          column((changes) => changes.end),
        ],
      );
      if (rows.length === 0) {
        return [];
      }
      const after = new Map(rows.map((row) => [row.id, row]));
      const previous = new Map(before.map((row) => [row.id, row]));
      const applied = ids.flatMap((id) => {
        const row = after.get(id);
        const was = previous.get(id);
        return row && was ? [{ row, was }] : [];
      });
      // After the orders' rows: the tenant's event counter is locked only by writers that change something.
      // Counter, rows and notification in one statement: the lock is held only from there to the commit.
      const events = await appendEvents(
        tx,
        tenantId,
        applied.map(({ row, was }) => ({ type: 'order.updated' as const, data: { ...orderView(row), previous: orderView(was) } })),
        now,
      );
      return applied.map(({ row }, index) => ({ record: row, event: events[index] as StoredEvent }));
    });
  }

  /**
   * Creates an order at version 1, created and updated `now`, numbered after the tenant's highest
   * number that starts with `numberPrefix` (`AN-2026-000124` after `AN-2026-000123`, at least six
   * digits); records `order.created` in the same transaction. Answers the order with its committed
   * event (for the caller to publish).
   */
  async create(
    tenantId: string,
    numberPrefix: string,
    order: Omit<OrderRecord, 'number' | 'status_rank' | 'created_at' | 'updated_at' | 'version'>,
    now: Date,
  ): Promise<OrderChange> {
    return this.db.transaction(async (tx) => {
      // The event id first: the lock on the tenant's counter row keeps two creations of the tenant
      // from picking the same number.
      const eventId = await nextEventId(tx, tenantId);
      // Read backwards along (tenant_id, number): the prefix's numbers are the tenant's highest.
      const [last] = await tx.query<{ number: string }>(
        `SELECT number FROM orders WHERE tenant_id = $1::uuid AND number > $2::text AND number LIKE $3::text
          ORDER BY number DESC LIMIT 1`,
        [tenantId, numberPrefix, `${numberPrefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`],
      );
      const digits = last?.number.slice(numberPrefix.length) ?? '';
      const next = (/^\d+$/.test(digits) ? Number(digits) : 0) + 1;
      const number = `${numberPrefix}${String(next).padStart(Math.max(6, digits.length), '0')}`;
      const created = now.toISOString();
      const [row] = await tx.query<OrderRecord>(
        `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email,
           customer_phone, vehicle_plate, vehicle_make, vehicle_model, vehicle_vin, price_amount, price_currency, notes,
           created_at, updated_at, version)
         VALUES ($1::uuid, $2::uuid, $3, $4, date_trunc('milliseconds', $5::timestamptz), date_trunc('milliseconds', $6::timestamptz),
           $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
           date_trunc('milliseconds', $19::timestamptz), date_trunc('milliseconds', $19::timestamptz), 1)
         RETURNING ${ORDER_COLUMNS}`,
        [
          order.id,
          tenantId,
          number,
          order.status,
          order.begin_at,
          order.end_at,
          order.station,
          order.service,
          order.customer_name,
          order.customer_email,
          order.customer_phone,
          order.vehicle_plate,
          order.vehicle_make,
          order.vehicle_model,
          order.vehicle_vin,
          order.price_amount,
          order.price_currency,
          order.notes,
          created,
        ],
      );
      if (!row) {
        throw new Error('the new order was not returned');
      }
      return { record: row, event: await recordEvent(tx, tenantId, eventId, 'order.created', orderView(row), now) };
    });
  }

  /**
   * Deletes the order and records `order.deleted` (`{ "id" }`) in the same transaction. Answers the
   * committed event (for the caller to publish), or undefined when the tenant has no such order.
   */
  async delete(tenantId: string, id: string, now: Date): Promise<OrderRemoval | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<OrderRecord>(`DELETE FROM orders WHERE id = $1::uuid AND tenant_id = $2::uuid RETURNING ${ORDER_COLUMNS}`, [
        id,
        tenantId,
      ]);
      if (!row) {
        return undefined;
      }
      const eventId = await nextEventId(tx, tenantId);
      return { id: row.id, event: await recordEvent(tx, tenantId, eventId, 'order.deleted', { id: row.id, previous: orderView(row) }, now) };
    });
  }
}
