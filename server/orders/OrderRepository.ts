import type { OrderStatus } from '../../src/domain/model/OrderStatus';
import type { Database, SqlValue } from '../db/Database';
import type { KeyValue } from './orderCursor';
import type { OrderSort } from './orderSorts';
import { ORDER_COLUMNS, type OrderRecord } from './orderView';

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

/** A timestamp column as exact ISO text in UTC, with microseconds: how a cursor carries it. */
const exactTimestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The start of the UTC day of a timestamp: the `day` of `order_day_counts`. */
const utcDay = (value: string) => `date_bin('1 day', ${value}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

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

/** The conditions of a filter except the states (the callers place those). `$1` is the tenant. */
function filterConditions(filter: OrderFilter, params: Parameters, tenant: string): string[] {
  const conditions = [`tenant_id = ${tenant}`];
  if (filter.end !== undefined) {
    conditions.push(`begin_at <= ${params.add(filter.end, 'timestamptz')}`);
  }
  if (filter.begin !== undefined) {
    const begin = params.add(filter.begin, 'timestamptz');
    // An order that overlaps the range cannot begin earlier than the range's begin minus the
    // tenant's longest order: a lower bound for the scan by begin (a sub-select that runs once).
    const longest = `coalesce((SELECT max_duration FROM order_tenant_bounds WHERE tenant_id = ${tenant}), interval '1000 years')`;
    conditions.push(`end_at >= ${begin}`, `begin_at >= ${begin} - ${longest}`);
  }
  if (filter.search) {
    const pattern = params.add(likePattern(filter.search), 'text');
    conditions.push(`(number ILIKE ${pattern} OR vehicle_plate ILIKE ${pattern} OR customer_name ILIKE ${pattern})`);
  }
  return conditions;
}

export class OrderRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page: the rows after `criteria.after` in the order of the sort, at most `limit`.
   *
   * Every sort reads an index in its own order and stops after `limit + 1` rows; the date range is
   * tested on index keys. Under a status filter the sort by begin reads one ordered branch per
   * state from the index on (status, begin) and merges them, instead of skipping the other states.
   */
  async list(criteria: OrderListCriteria): Promise<OrderSlice> {
    const params = new Parameters();
    const tenant = params.add(criteria.tenantId, 'uuid');
    const conditions = filterConditions(criteria, params, tenant);
    const { keys, descending } = criteria.sort;
    if (criteria.after) {
      const after = criteria.after;
      const values = keys.map((key, index) => params.add(after[index] ?? null, key.type));
      conditions.push(`(${keys.map((key) => key.column).join(', ')}) ${descending ? '<' : '>'} (${values.join(', ')})`);
    }
    const direction = descending ? 'DESC' : 'ASC';
    const orderBy = keys.map((key) => `${key.column} ${direction}`).join(', ');
    const keyColumns = keys
      .filter((key) => key.type === 'timestamptz')
      .map((key) => `, ${exactTimestamp(key.column)} AS key_${key.column}`)
      .join('');
    const limit = params.add(criteria.limit + 1, 'int');
    const select = `SELECT ${ORDER_COLUMNS}${keyColumns} FROM orders`;
    const ranks = statusRanks(criteria.statuses);

    let sql: string;
    if (ranks && ranks.length > 1 && keys[0]?.column === 'begin_at') {
      const branches = ranks.map(
        (rank) => `(${select} WHERE ${[...conditions, `status_rank = ${rank}`].join(' AND ')} ORDER BY ${orderBy} LIMIT ${limit})`,
      );
      sql = `SELECT * FROM (${branches.join(' UNION ALL ')}) AS page ORDER BY ${orderBy} LIMIT ${limit}`;
    } else {
      const states = ranks ? [ranks.length === 1 ? `status_rank = ${ranks[0]}` : `status_rank IN (${ranks.join(', ')})`] : [];
      sql = `${select} WHERE ${[...conditions, ...states].join(' AND ')} ORDER BY ${orderBy} LIMIT ${limit}`;
    }

    const rows = await this.db.query<OrderRecord & Record<string, unknown>>(sql, params.values);
    const more = rows.length > criteria.limit;
    const records = more ? rows.slice(0, criteria.limit) : rows;
    const last = records[records.length - 1];
    const lastKey = last
      ? keys.map((key) => (key.type === 'timestamptz' ? last[`key_${key.column}`] : last[key.column]) as KeyValue)
      : undefined;
    for (const record of records) {
      for (const key of keys) {
        delete record[`key_${key.column}`];
      }
    }
    return { records, more, lastKey };
  }

  /**
   * How many orders match the filter. Without a search text this needs no scan of the range: the
   * orders overlapping [b, e] are those beginning at or before e minus those ending before b (an
   * order ending before b began before e), each a sum over the whole UTC days of `order_day_counts`
   * plus an index count within the day of e (or b). A search text is counted row by row.
   */
  async count(filter: OrderFilter): Promise<number> {
    const params = new Parameters();
    const tenant = params.add(filter.tenantId, 'uuid');
    const ranks = statusRanks(filter.statuses);
    if (filter.search) {
      const conditions = filterConditions(filter, params, tenant);
      if (ranks) {
        conditions.push(`status_rank IN (${ranks.join(', ')})`);
      }
      const [row] = await this.db.query<{ total: number }>(
        `SELECT count(*)::bigint AS total FROM orders WHERE ${conditions.join(' AND ')}`,
        params.values,
      );
      return Number(row?.total ?? 0);
    }
    // Every state listed, also without a filter: the indexes lead with the state.
    const states = `status_rank IN (${(ranks ?? ALL_RANKS).join(', ')})`;
    const days = (side: 'begin' | 'end', before?: string) =>
      `(SELECT coalesce(sum(orders), 0) FROM order_day_counts
         WHERE tenant_id = ${tenant} AND side = '${side}' AND ${states}${before ? ` AND day < ${utcDay(before)}` : ''})`;
    const terms: string[] = [];
    if (filter.end !== undefined) {
      const end = params.add(filter.end, 'timestamptz');
      terms.push(
        `+ ${days('begin', end)}`,
        `+ (SELECT count(*) FROM orders WHERE tenant_id = ${tenant} AND ${states} AND begin_at >= ${utcDay(end)} AND begin_at <= ${end})`,
      );
    } else {
      terms.push(`+ ${days('begin')}`);
    }
    if (filter.begin !== undefined) {
      const begin = params.add(filter.begin, 'timestamptz');
      terms.push(
        `- ${days('end', begin)}`,
        `- (SELECT count(*) FROM orders WHERE tenant_id = ${tenant} AND ${states} AND end_at >= ${utcDay(begin)} AND end_at < ${begin})`,
      );
    }
    const [row] = await this.db.query<{ total: number }>(`SELECT (0 ${terms.join(' ')})::bigint AS total`, params.values);
    return Number(row?.total ?? 0);
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
   * both saw `version` cannot both succeed. Raises the version by one and sets `updated_at`.
   * Answers the changed order, or undefined when the order is gone or at another version.
   */
  async update(tenantId: string, id: string, version: number, changes: OrderChanges, now: Date): Promise<OrderRecord | undefined> {
    const params = new Parameters();
    const sets: string[] = [];
    if (changes.status !== undefined) sets.push(`status = ${params.add(changes.status, 'text')}`);
    if (changes.notes !== undefined) sets.push(`notes = ${params.add(changes.notes, 'text')}`);
    if (changes.station !== undefined) sets.push(`station = ${params.add(changes.station, 'text')}`);
    // Stored to the millisecond, as the API shows them.
    if (changes.begin !== undefined) sets.push(`begin_at = date_trunc('milliseconds', ${params.add(changes.begin, 'timestamptz')})`);
    if (changes.end !== undefined) sets.push(`end_at = date_trunc('milliseconds', ${params.add(changes.end, 'timestamptz')})`);
    sets.push('version = version + 1', `updated_at = date_trunc('milliseconds', ${params.add(now.toISOString(), 'timestamptz')})`);
    const idParam = params.add(id, 'uuid');
    const tenantParam = params.add(tenantId, 'uuid');
    const versionParam = params.add(version, 'int');
    const [row] = await this.db.query<OrderRecord>(
      `UPDATE orders SET ${sets.join(', ')}
        WHERE id = ${idParam} AND tenant_id = ${tenantParam} AND version = ${versionParam}
        RETURNING ${ORDER_COLUMNS}`,
      params.values,
    );
    return row;
  }
}
