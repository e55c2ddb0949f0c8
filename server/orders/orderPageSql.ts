import type { SqlValue } from '../db/Database';
import { orderCountExpression } from './orderCountSql';
import type { KeyValue } from './orderCursor';
import { filterConditions, narrowsRows, type OrderFilter, SqlParameters, statusRanks } from './orderFilterSql';
import { pageRowsExpression } from './orderPageRows';
import { LONG_ORDERS } from './orderRangeSql';
import type { OrderSort } from './orderSorts';
import { ALL_STATUS_RANKS, ORDER_COLUMNS } from './orderView';

/** Which orders of a tenant, in which order, from where. */
export interface OrderListCriteria extends OrderFilter {
  sort: OrderSort;
  /** The key of the last row of the previous page. */
  after?: readonly KeyValue[];
  limit: number;
}

/** The one statement of a page, and how to send it. */
export interface OrderPageStatement {
  /** Answers one row: `rows` (see `pageRowsExpression`) and, when counted, `total` and `last_event_id`. */
  sql: string;
  values: SqlValue[];
  /**
   * Kept prepared and planned once, but for a filter of more than state and range (a search, a
   * station, a price…): how many rows its values match decides the plan.
   */
  prepared: boolean;
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

/** One ordered read of a page's rows: its conditions beyond the filter's, and the state it is fixed to, if any. */
interface Branch {
  where: string[];
  rank?: number;
}

/** The column and values of a station or service filter whose orders a sort by begin reads one value at a time. */
function valueBranching(criteria: OrderListCriteria): { column: 'station' | 'service'; values: string[] } | undefined {
  if (criteria.sort.keys[0]?.column !== 'begin_at') {
    return undefined;
  }
  if (criteria.stations?.length) {
    return { column: 'station', values: [...new Set(criteria.stations)] };
  }
  return criteria.services?.length ? { column: 'service', values: [...new Set(criteria.services)] } : undefined;
}

/**
 * The statement of one page: the rows after `criteria.after` in the order of the sort, at most
 * `limit + 1` (the one more tells whether more follow); with `count`, also the total of the filter
 * and the tenant's last event id (in the same statement, so in the same snapshot: the events of a
 * tenant commit in the order of their ids).
 *
 * Every sort reads an index in its own order and stops after `limit + 1` rows; the date range is
 * tested on index keys. The sort by number, and the sorts by begin and status under a filter of
 * several states, read one ordered branch per state from an index that leads with the state and
 * merge them, instead of passing over long runs of other states (numbers follow creation, states
 * follow dates). Under a station (or else a service) filter, the sorts by begin read one ordered
 * branch per station (service) from the index that leads with it (migration 014), so that a station
 * with few orders is not looked for among all of the range, and the sorts by price and status pick
 * the page's ids from that index. Other filters are tested on the rows the sort's index yields (see
 * `filterConditions`): the price unless the sort is by price, stations and services by number.
 */
export function orderPageStatement(criteria: OrderListCriteria, count: boolean): OrderPageStatement {
  const params = new SqlParameters();
  const tenant = params.add(criteria.tenantId, 'uuid');
  const { keys, descending } = criteria.sort;
  const first = keys[0]?.column;
  const byValue = valueBranching(criteria);
  // Sorts by price or status under a station or service filter pick the page from the index by
  // station or service alone (it holds their keys and every filter but a search), then read those
  // rows: as much as counting them, where the sort's index, read in order, may pass over most of the
  // range first (the dearest services are the last by price).
  const fromNames = byValue === undefined && criteria.ids === undefined && (first === 'price_amount' || first === 'status_rank') && Boolean(criteria.stations?.length || criteria.services?.length);
  // The lower bound of begin helps scans in the order of begin, searches (which read the rows of the
  // range anyway) and the pick by station or service; elsewhere it would only spoil the planner's estimates.
  const byBegin = keys.some((key) => key.column === 'begin_at');
  const { conditions, longOrders } = filterConditions(
    // The branches state the values they read.
    byValue?.column === 'station' ? { ...criteria, stations: undefined } : byValue?.column === 'service' ? { ...criteria, services: undefined } : criteria,
    params,
    tenant,
    {
      lowerBound: byBegin || criteria.search !== undefined || fromNames,
      priceOnRows: first !== 'price_amount',
      namesOnRows: first !== 'begin_at' && !fromNames,
    },
  );
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
  const oneState = ranks?.length === 1 ? ranks[0] : undefined;
  const states = ranks ? [oneState !== undefined ? `status_rank = ${oneState}` : `status_rank IN (${ranks.join(', ')})`] : [];

  // Sorts by number, and sorts by begin or status under a filter of several states, read one
  // ordered branch per state from the indexes that lead with the state, and merge them (PostgreSQL
  // before 17 does not read an index in order for a list of states). Chosen orders (ids) are read by
  // their key and sorted.
  const severalStates = ranks !== undefined && ranks.length > 1;
  const branchRanks =
    criteria.ids !== undefined || fromNames
      ? undefined
      : first === 'number'
        ? (ranks ?? ALL_STATUS_RANKS)
        : (first === 'begin_at' || first === 'status_rank') && severalStates
          ? ranks
          : undefined;
  let branches: Branch[];
  if (byValue) {
    branches = byValue.values.map((value) => ({ where: [...states, `${byValue.column} = ${params.add(value, 'text')}`], rank: oneState }));
  } else if (branchRanks && branchRanks.length > 1) {
    branches = branchRanks.map((rank) => ({ where: [`status_rank = ${rank}`], rank }));
  } else {
    branches = [{ where: states, rank: oneState }];
  }
  // A branch whose rows all precede the cursor is left out; when none is left, no row follows. With a
  // lower bound of begin, each branch also reads the long orders that bound leaves out, from their
  // own table (see `filterConditions`): few rows, filtered and sorted as they are.
  const reads = branches.flatMap(({ where, rank }) => {
    const rest = keyset(rank);
    if (!rest) {
      return [];
    }
    const rows = `WHERE ${[...conditions, ...where, ...rest].join(' AND ')} ORDER BY ${orderBy()} LIMIT ${limit}`;
    const ordinary = fromNames ? `${select} WHERE tenant_id = ${tenant} AND id = ANY(ARRAY(SELECT id FROM orders ${rows})) ORDER BY ${orderBy()} LIMIT ${limit}` : `${select} ${rows}`;
    return longOrders
      ? [ordinary, `SELECT ${ORDER_COLUMNS} FROM ${LONG_ORDERS} WHERE ${[...longOrders.conditions, ...where, ...rest].join(' AND ')} ORDER BY ${orderBy()} LIMIT ${limit}`]
      : [ordinary];
  });
  const [only] = reads;
  const merged = `SELECT * FROM (${reads.map((read) => `(${read})`).join(' UNION ALL ')}) AS branches ORDER BY ${orderBy()} LIMIT ${limit}`;
  const page =
    reads.length > 1
      ? `${longOrders ? `WITH ${longOrders.table} ` : ''}${merged}`
      : (only ?? `${select} WHERE ${[...conditions, 'false'].join(' AND ')} LIMIT ${limit}`);
  // The first page also says which of the tenant's live events it reflects.
  const total = count
    ? `, (${orderCountExpression(criteria, params)}) AS total, (SELECT last_id FROM tenant_event_counters WHERE tenant_id = ${tenant}) AS last_event_id`
    : '';
  const sql = `SELECT ${pageRowsExpression(page, orderBy('r.'))} AS rows${total}`;
  return { sql, values: params.values, prepared: !narrowsRows(criteria) };
}
