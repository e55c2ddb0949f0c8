import { orderPageStatement } from '../../../server/orders/orderPageSql';
import type { OrderListCriteria } from '../../../server/orders/orderPageSql';
import { orderSort } from '../../../server/orders/orderSorts';

/** The statement of a list page, as built (what it finds is tested over HTTP in orders.test.ts). */

const TENANT = '0190a1b2-0000-7000-8000-00000000000a';
const RANGE = { begin: '2026-06-01T00:00:00.000Z', end: '2026-06-30T23:59:59.999Z' };

function criteria(overrides: Partial<OrderListCriteria> = {}): OrderListCriteria {
  return { tenantId: TENANT, ...RANGE, sort: orderSort('-begin'), limit: 100, ...overrides };
}

/** How often `part` occurs in `text`. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('the statement of an order page', () => {
  it('reads one more row than the page holds, prepared, with the range on index keys', () => {
    const statement = orderPageStatement(criteria(), false);
    expect(statement.prepared).toBe(true);
    expect(statement.values).toEqual([TENANT, RANGE.end, RANGE.begin, 101]);
    expect(statement.sql).toContain('begin_at <= $2::timestamptz');
    expect(statement.sql).toContain('end_at >= $3::timestamptz');
    expect(statement.sql).toContain('ORDER BY begin_at DESC, id DESC LIMIT $4::int');
    expect(statement.sql).not.toContain('AS total');
  });

  it('counts the first page and names its last event in the same statement', () => {
    const statement = orderPageStatement(criteria(), true);
    expect(statement.sql).toContain('AS total');
    expect(statement.sql).toContain('FROM order_day_counts');
    expect(statement.sql).toContain('(SELECT last_id FROM tenant_event_counters WHERE tenant_id = $1::uuid) AS last_event_id');
  });

  it('is planned afresh for a search text, and counts its rows one by one', () => {
    const statement = orderPageStatement(criteria({ search: '50%_off' }), true);
    expect(statement.prepared).toBe(false);
    expect(statement.values).toContain('%50\\%\\_off%');
    expect(statement.sql).not.toContain('order_day_counts');
  });

  it('starts a cursor page at the cursor by begin alone as well as by the whole key', () => {
    const after = ['2026-06-10T08:00:00.000000Z', '0190a1b2-0000-7000-8000-000000000001'];
    const statement = orderPageStatement(criteria({ after }), false);
    expect(statement.sql).toContain('begin_at <= $5::timestamptz AND (begin_at, id) < ($5::timestamptz, $6::uuid)');
    expect(statement.values.slice(4)).toEqual(after);
  });

  it('reads the sort by number as one ordered branch per state', () => {
    const statement = orderPageStatement(criteria({ sort: orderSort('number') }), false);
    expect(occurrences(statement.sql, 'UNION ALL')).toBe(4);
    for (const rank of [1, 2, 3, 4, 5]) {
      expect(statement.sql).toContain(`status_rank = ${rank}`);
    }
  });

  it('leaves out the branches of states that all precede the cursor, and answers nothing when none is left', () => {
    const sort = orderSort('status');
    const after = [3, '2026-06-10T08:00:00.000000Z', '0190a1b2-0000-7000-8000-000000000001'];
    const statement = orderPageStatement(criteria({ sort, statuses: ['new', 'in_progress', 'completed'], after }), false);
    expect(statement.sql).not.toContain('status_rank = 1');
    expect(statement.sql).toContain('status_rank = 3 AND begin_at >= ');
    expect(statement.sql).toContain('status_rank = 4');
    const past = orderPageStatement(criteria({ sort, statuses: ['new', 'confirmed'], after }), false);
    expect(past.sql).toContain('AND false LIMIT');
  });
});
