import type { OrderStatus } from '../../shared/OrderStatus';
import type { SqlValue } from '../db/Database';
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
 * The conditions of a filter except the states (the callers place those). With `lowerBound`, also
 * the lower bound of begin (for scans in the order of begin); it is left out otherwise, since the
 * planner cannot estimate it and would then misjudge the other sorts.
 */
export function filterConditions(filter: OrderFilter, params: SqlParameters, tenant: string, lowerBound = false): string[] {
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
