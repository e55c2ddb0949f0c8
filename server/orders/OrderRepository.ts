import type { OrderStatus } from '../../src/domain/model/OrderStatus';
import type { Database, SqlValue } from '../db/Database';
import type { KeyValue } from './orderCursor';
import type { OrderSort } from './orderSorts';
import { ORDER_COLUMNS, type OrderRecord } from './orderView';

/** Which orders of a tenant, in which order, from where. */
export interface OrderListCriteria {
  tenantId: string;
  /** Orders whose [begin, end] overlaps [begin, end] of the criteria; either end may be open. */
  begin?: string;
  end?: string;
  statuses?: readonly OrderStatus[];
  /** Part of the number, licence plate or customer name, case-insensitive. */
  search?: string;
  sort: OrderSort;
  /** The key of the last row of the previous page. */
  after?: readonly KeyValue[];
  limit: number;
}

export interface OrderSlice {
  records: OrderRecord[];
  /** Whether more rows follow the slice. */
  more: boolean;
  /** All rows that match, regardless of the page. */
  total: number;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export class OrderRepository {
  constructor(private readonly db: Database) {}

  async list(criteria: OrderListCriteria): Promise<OrderSlice> {
    const params: SqlValue[] = [criteria.tenantId];
    const param = (value: SqlValue, cast: string) => {
      params.push(value);
      return `$${params.length}::${cast}`;
    };
    const filters = ['tenant_id = $1::uuid'];
    if (criteria.end !== undefined) {
      filters.push(`begin_at <= ${param(criteria.end, 'timestamptz')}`);
    }
    if (criteria.begin !== undefined) {
      filters.push(`end_at >= ${param(criteria.begin, 'timestamptz')}`);
    }
    if (criteria.statuses && criteria.statuses.length > 0) {
      filters.push(`status = ANY(${param([...criteria.statuses], 'text[]')})`);
    }
    if (criteria.search) {
      const pattern = param(likePattern(criteria.search), 'text');
      filters.push(`(number ILIKE ${pattern} OR vehicle_plate ILIKE ${pattern} OR customer_name ILIKE ${pattern})`);
    }
    const countParams = [...params];
    const countSql = `SELECT count(*)::int AS total FROM orders WHERE ${filters.join(' AND ')}`;

    const { keys, descending } = criteria.sort;
    const direction = descending ? 'DESC' : 'ASC';
    const pageFilters = [...filters];
    if (criteria.after) {
      const after = criteria.after;
      const values = keys.map((key, index) => param(after[index] ?? null, key.type));
      pageFilters.push(`(${keys.map((key) => key.column).join(', ')}) ${descending ? '<' : '>'} (${values.join(', ')})`);
    }
    const pageSql = `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${pageFilters.join(' AND ')}
      ORDER BY ${keys.map((key) => `${key.column} ${direction}`).join(', ')}
      LIMIT ${param(criteria.limit + 1, 'int')}`;

    const records = await this.db.query<OrderRecord>(pageSql, params);
    const [count] = await this.db.query<{ total: number }>(countSql, countParams);
    const more = records.length > criteria.limit;
    return { records: more ? records.slice(0, criteria.limit) : records, more, total: count?.total ?? 0 };
  }
}
