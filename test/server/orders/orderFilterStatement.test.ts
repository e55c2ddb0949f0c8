import { orderPageStatement } from '../../../server/orders/orderPageSql';
import { orderSort } from '../../../server/orders/orderSorts';

/** The statement of a list page under a station, service or price filter, as built (what it finds: orderFilters.test.ts). */

describe('the statement of a page filtered by station, service or price', () => {
  const criteria = { tenantId: '0190a1b2-0000-7000-8000-00000000000a', begin: '2026-06-01T00:00:00.000Z', end: '2026-06-30T23:59:59.999Z', sort: orderSort('-begin'), limit: 100 };

  it('counts from the orders of the range, planned for its values; one name compared as one, several as a list', () => {
    const statement = orderPageStatement({ ...criteria, stations: ['Kiel'], services: ['Inspektion', 'Ölwechsel'], priceMin: 100, priceMax: 200 }, true);
    expect(statement.prepared).toBe(false);
    expect(statement.sql).not.toContain('order_day_counts');
    expect(statement.sql).toMatch(/station = \$\d+::text/);
    expect(statement.sql).toMatch(/service = ANY\(\$\d+::text\[\]\)/);
    expect(statement.sql).toMatch(/price_amount >= \$\d+::bigint AND price_amount <= \$\d+::bigint/);
    expect(statement.values).toEqual(expect.arrayContaining(['Kiel', ['Inspektion', 'Ölwechsel'], 100, 200]));
  });

  it('reads a page by begin one station (else service) at a time, in order, each named once', () => {
    const statement = orderPageStatement({ ...criteria, stations: ['Kiel', 'Husum', 'Kiel'], services: ['Inspektion'], statuses: ['new', 'confirmed'] }, false);
    // Each station in each part of the range: its ordinary orders and its long ones (orderRangeSql.ts).
    expect(statement.sql.match(/\(SELECT id, number/g)).toHaveLength(4);
    expect(statement.sql.match(/FROM long_orders WHERE/g)).toHaveLength(2);
    expect(new Set(statement.sql.match(/AND station = \$\d+::text/g)).size).toBe(2);
    expect(statement.sql).toContain('status_rank IN (1, 2)');
    const byService = orderPageStatement({ ...criteria, sort: orderSort('begin'), services: ['Inspektion', 'Ölwechsel', 'Mietwagen'] }, false);
    expect(new Set(byService.sql.match(/AND service = \$\d+::text/g)).size).toBe(3);
  });

  it('picks a page by price or status from the index by station or service, and tests them on the rows of other sorts', () => {
    for (const sort of ['price', '-status'] as const) {
      const statement = orderPageStatement({ ...criteria, sort: orderSort(sort), stations: ['Kiel'], priceMin: 100 }, false);
      expect(statement.sql).toContain('id = ANY(ARRAY(SELECT id FROM orders WHERE');
      expect(statement.sql).toMatch(/AND station = \$\d+::text/);
    }
    const byNumber = orderPageStatement({ ...criteria, sort: orderSort('number'), stations: ['Kiel'], priceMin: 100 }, false);
    expect(byNumber.sql).toMatch(/\(station \|\| ''\) = \$\d+::text/);
    expect(byNumber.sql).toMatch(/price_amount \+ 0 >= \$\d+::bigint/);
    expect(byNumber.sql).not.toContain('ARRAY(SELECT id');
  });

  it('stays prepared and counted by days without them, empty lists included', () => {
    const statement = orderPageStatement({ ...criteria, stations: [], services: [] }, true);
    expect(statement.prepared).toBe(true);
    expect(statement.sql).toContain('order_day_counts');
    expect(statement.sql).not.toMatch(/station = |service = |price_amount [<>]=/);
  });
});
