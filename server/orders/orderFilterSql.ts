import type { OrderStatus } from '../../shared/OrderStatus';
import type { SqlValue } from '../db/Database';
import { DOUBLE_BOOKED } from './doubleBookingSql';
import { longOrdersTable, ordinaryOrdersBound } from './orderRangeSql';
import { ALL_STATUS_RANKS, STATUS_RANK } from './orderView';

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
  /** Any of these stations, exact names; none means any station. */
  stations?: readonly string[];
  /** Any of these services, exact names; none means any service. */
  services?: readonly string[];
  /** Price bounds in cents, inclusive; either may be open. */
  priceMin?: number;
  priceMax?: number;
  /** Only these orders (ids); the tenant's among them. */
  ids?: readonly string[];
  /** Only double-booked orders: counting ones that another counting order of their plate overlaps (doubleBookingSql.ts). */
  doubleBooked?: boolean;
}

/** Collects the parameters of one statement. */
export class SqlParameters {
  readonly values: SqlValue[] = [];

  /** The placeholder of `value`, typed with `cast`. */
  add(value: SqlValue, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The ranks of the asked states, or undefined when every state is asked for (or none). */
export function statusRanks(statuses: readonly OrderStatus[] | undefined): number[] | undefined {
  const ranks = [...new Set((statuses ?? []).map((status) => STATUS_RANK[status]))].sort((a, b) => a - b);
  return ranks.length === 0 || ranks.length === ALL_STATUS_RANKS.length ? undefined : ranks;
}

/**
 * Whether the filter narrows the orders by more than tenant, state and range: by a search text, a
 * station, a service, a price, ids or double bookings, which the per-day counts do not know. Such a filter is counted
 * row by row within its range, and planned for its values (how many rows they match decides the plan).
 */
export function narrowsRows(filter: OrderFilter): boolean {
  return (
    Boolean(filter.search) ||
    Boolean(filter.stations?.length) ||
    Boolean(filter.services?.length) ||
    filter.priceMin !== undefined ||
    filter.priceMax !== undefined ||
    filter.ids !== undefined ||
    filter.doubleBooked === true
  );
}

/** `column` (or an expression of it) equal to one of `values` (none: no condition). */
function anyOf(column: string, values: readonly string[] | undefined, params: SqlParameters, type: string): string[] {
  if (!values || values.length === 0) {
    return [];
  }
  const [only] = values;
  return [values.length === 1 && only !== undefined ? `${column} = ${params.add(only, type)}` : `${column} = ANY(${params.add(values, `${type}[]`)})`];
}

/** How `filterConditions` states a filter. */
export interface ConditionOptions {
  /**
   * Also a lower bound of begin (for scans in the order of begin, and counts): the range is then
   * read in two parts, its ordinary and its long orders (see `FilterSql`). It is left out
   * otherwise, since the planner cannot estimate it and would then misjudge the other sorts.
   */
  lowerBound?: boolean;
  /**
   * The price bounds as conditions no index serves (`price_amount + 0`), tested on each row: a page
   * in another order than by price then reads the index of its sort, whatever the planner guesses of
   * how many orders the bounds take. On the embedded database every statement is planned once for
   * any values, and a guess of few made a page by begin read a wide price range by price, all of it.
   */
  priceOnRows?: boolean;
  /** The same for stations and services (`station || ''`): a page by price or status read all of Kiel's orders and sorted them. */
  namesOnRows?: boolean;
}

/** The conditions of a filter except the states (the callers place those). */
export interface FilterSql {
  /** Of the orders; with `lowerBound`, of the ordinary orders of the range (see `ordinaryOrdersBound`). */
  conditions: string[];
  /**
   * With `lowerBound` and a range's begin, the long orders that `conditions` leave out: a table of
   * the statement (`longOrdersTable`), and the conditions its rows are tested with (the filter's
   * without the lower bound).
   */
  longOrders?: { table: string; conditions: string[] };
}

/** The conditions of a filter except the states, as `FilterSql` describes them. */
export function filterConditions(filter: OrderFilter, params: SqlParameters, tenant: string, options: ConditionOptions = {}): FilterSql {
  const conditions = [`tenant_id = ${tenant}`];
  if (filter.end !== undefined) {
    conditions.push(`begin_at <= ${params.add(filter.end, 'timestamptz')}`);
  }
  let longTable: string | undefined;
  let bound: string | undefined;
  if (filter.begin !== undefined) {
    const begin = params.add(filter.begin, 'timestamptz');
    conditions.push(`end_at >= ${begin}`);
    if (options.lowerBound) {
      longTable = longOrdersTable(conditions, begin, tenant);
      bound = ordinaryOrdersBound(begin, tenant);
    }
  }
  if (filter.search) {
    const pattern = params.add(likePattern(filter.search), 'text');
    conditions.push(`(number ILIKE ${pattern} OR vehicle_plate ILIKE ${pattern} OR customer_name ILIKE ${pattern})`);
  }
  const name = (column: string) => (options.namesOnRows ? `(${column} || '')` : column);
  conditions.push(...anyOf(name('station'), filter.stations, params, 'text'), ...anyOf(name('service'), filter.services, params, 'text'));
  const price = options.priceOnRows ? 'price_amount + 0' : 'price_amount';
  if (filter.priceMin !== undefined) {
    conditions.push(`${price} >= ${params.add(filter.priceMin, 'bigint')}`);
  }
  if (filter.priceMax !== undefined) {
    conditions.push(`${price} <= ${params.add(filter.priceMax, 'bigint')}`);
  }
  if (filter.ids !== undefined) {
    conditions.push(`id = ANY(${params.add(filter.ids, 'uuid[]')})`);
  }
  if (filter.doubleBooked) {
    conditions.push(DOUBLE_BOOKED);
  }
  return {
    conditions: bound ? [...conditions, bound] : conditions,
    ...(longTable ? { longOrders: { table: longTable, conditions } } : {}),
  };
}
