import type { Queryable, SqlValue } from '../../../server/db/Database';
import { type OrderListCriteria, orderPageStatement } from '../../../server/orders/orderPageSql';
import { orderSort } from '../../../server/orders/orderSorts';
import type { RunningServer } from '../../../server/startServer';
import type { Order, OrderPage } from '../../../shared/Order';
import { insertOrder, statisticsDrift, tenantOf } from '../support/orderFixtures';
import { rangeQuery } from '../support/orderRange';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

/** A busy tenant's orders: one an hour from this instant on, two hours each. */
const BUSY_FROM = '2031-01-01T00:00:00.000Z';
const BUSY_ORDERS = 6000;
/** Two days, some seven months after the first busy order. */
const RANGE = { begin: '2031-08-01T00:00:00.000Z', end: '2031-08-03T00:00:00.000Z' };
/** An order of a century, as could be stored before orders were bounded. */
const CENTURY = { begin: '2000-01-01T00:00:00.000Z', end: '2100-12-31T23:59:59.999Z' };
/** An order of a year, as long as an order may last, ending within the range. */
const YEAR = { begin: '2030-08-01T12:00:00.000Z', end: '2031-08-01T12:00:00.000Z' };

/** An SQL literal of a value (strings and numbers only: what the statements measured here carry). */
function literal(value: SqlValue): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`no literal for ${JSON.stringify(value)}`);
}

interface PlanNode {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
}

/**
 * The blocks (buffers) one run of a list page's statement reads, planned for its values (`custom`) or
 * once for any values (`generic`: as a PostgreSQL server plans a statement it keeps prepared).
 */
async function blocksRead(tx: Queryable, criteria: OrderListCriteria, plan: 'custom' | 'generic'): Promise<number> {
  const { sql, values } = orderPageStatement(criteria, true);
  await tx.query(`SET LOCAL plan_cache_mode = force_${plan}_plan`);
  await tx.query(`PREPARE measured_page AS ${sql}`);
  try {
    const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE measured_page(${values.map(literal).join(', ')})`);
    const text = row?.['QUERY PLAN'];
    const [explained] = (typeof text === 'string' ? JSON.parse(text) : text) as [{ Plan: PlanNode }];
    return explained.Plan['Shared Hit Blocks'] + explained.Plan['Shared Read Blocks'];
  } finally {
    await tx.query('DEALLOCATE measured_page');
  }
}

describe('long orders in the list', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let tenantId: string;

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 20 });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
    await server.database.query(
      `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email,
         customer_phone, vehicle_plate, vehicle_make, vehicle_model, price_amount, price_currency)
       SELECT gen_random_uuid(), $1::uuid, 'LB-' || g, 'confirmed', $2::timestamptz + g * interval '1 hour',
              $2::timestamptz + g * interval '1 hour' + interval '2 hours', CASE WHEN g % 3 = 0 THEN 'Husum' ELSE 'Kiel' END,
              'Inspektion', 'Busy Kunde ' || g, 'busy@kundenpost.example', '+49 431 1234567', 'KI-B ' || g, 'Opel', 'Corsa',
              10000 + g % 500, 'EUR'
         FROM generate_series(0, $3::int - 1) AS g`,
      [tenantId, BUSY_FROM, BUSY_ORDERS],
    );
    await server.database.query('ANALYZE orders');
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('reads no more of a busy tenant for a page after an order of a year, or of a century, is stored than before', async () => {
    const pages: OrderListCriteria[] = [
      { tenantId, ...RANGE, sort: orderSort('begin'), limit: 20 },
      { tenantId, ...RANGE, sort: orderSort('-begin'), limit: 100 },
      { tenantId, ...RANGE, sort: orderSort('begin'), limit: 20, search: 'Busy' },
      { tenantId, ...RANGE, sort: orderSort('begin'), limit: 20, stations: ['Husum'] },
      { tenantId, ...RANGE, sort: orderSort('price'), limit: 20, stations: ['Husum'] },
    ];
    const measure = () =>
      server.database.transaction(async (tx) => {
        const blocks: number[] = [];
        for (const criteria of pages) {
          for (const plan of ['custom', 'generic'] as const) blocks.push(await blocksRead(tx, criteria, plan));
        }
        return blocks;
      });
    const before = await measure();
    for (const [name, span] of [['year', YEAR], ['century', CENTURY]] as const) {
      await insertOrder(server, tenantId, { ...span, customer: `Busy ${name}`, station: 'Husum' });
      const after = await measure();
      // What it adds: the row of the order found in the index of long orders. Reading back to where
      // it begins would read every busy order before the range (thousands of index entries).
      const grown = after.flatMap((blocks, index) => (blocks > (before[index] ?? 0) + 9 ? [{ name, index, before: before[index], after: blocks }] : []));
      expect(grown).toEqual([]);
    }
  });

  /** Every order of the list under `query` over RANGE, following the cursors, and the first page's total. */
  const everything = async (query: string): Promise<{ items: Order[]; total: number }> => {
    const items: Order[] = [];
    let cursor: string | null = null;
    let total = -1;
    do {
      const response = await call(server, `/api/orders?${rangeQuery(RANGE)}&limit=7${query}${cursor ? `&cursor=${cursor}` : ''}`, { token });
      expect(response.status).toBe(200);
      const page = (await response.json()) as OrderPage;
      if (total < 0) total = page.total;
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return { items, total };
  };

  it('lists, counts and exports the long orders wherever they overlap the range, whatever the sort and filter', async () => {
    const long = async (begin: string, end: string, station = 'Husum') =>
      (await call(server, `/api/orders/${await insertOrder(server, tenantId, { begin, end, station, customer: 'Lange Kundin' })}`, { token }).then((r) => r.json())) as Order;
    // Overlong (more than 366 days, beginning more than 366 days before the range, and within them),
    // long (more than 31 days), exactly 31 days ending where the range begins, and one beginning
    // where it ends; one ending just before it is not listed.
    const century = await long(CENTURY.begin, CENTURY.end, 'Kiel');
    const overlong = await long('2031-05-01T00:00:00.000Z', '2033-01-01T00:00:00.000Z', 'Kiel');
    const quarter = await long('2031-06-01T08:00:00.000Z', '2031-08-30T08:00:00.000Z');
    const endsAtBegin = await long('2031-07-01T00:00:00.000Z', RANGE.begin);
    const beginsAtEnd = await long(RANGE.end, '2031-09-01T00:00:00.000Z', 'Kiel');
    const endsBefore = await long('2031-05-01T00:00:00.000Z', '2031-07-31T23:59:59.999Z');
    // A busy order of two hours made one of four weeks by a change: an ordinary order still, found
    // by the scan by begin, which now looks back that far.
    const [busy] = await server.database.query<{ id: string }>("SELECT id::text AS id FROM orders WHERE tenant_id = $1::uuid AND number = 'LB-4400'", [tenantId]);
    const stretched = (await call(server, `/api/orders/${busy?.id}`, { token }).then((r) => r.json())) as Order;
    const patched = await call(server, `/api/orders/${stretched.id}`, { method: 'PATCH', token, body: { end: '2031-08-01T06:00:00.000Z' }, headers: { 'if-match': `"${stretched.version}"` } });
    expect(patched.status).toBe(200);
    const listed = [century, overlong, quarter, endsAtBegin, beginsAtEnd, stretched];
    const truth = async (condition: string, values: SqlValue[] = []) =>
      (
        await server.database.query<{ id: string }>(
          `SELECT id FROM orders WHERE tenant_id = $1::uuid AND begin_at <= $2::timestamptz AND end_at >= $3::timestamptz AND ${condition} ORDER BY id`,
          [tenantId, RANGE.end, RANGE.begin, ...values],
        )
      ).map((row) => row.id);
    const cases: [string, string, SqlValue[]][] = [
      ['&sort=begin', 'true', []],
      ['&sort=-begin', 'true', []],
      ['&sort=price', 'true', []],
      ['&sort=-status', 'true', []],
      ['&sort=number', 'true', []],
      ['&sort=begin&q=Kundin', "customer_name ILIKE '%Kundin%'", []],
      ['&sort=-begin&station=Husum', 'station = $4', ['Husum']],
      ['&sort=begin&station=Husum&station=Kiel&status=new', "status = 'new'", []],
      ['&sort=price&station=Husum', 'station = $4', ['Husum']],
      ['&sort=-price&station=Kiel&service=Inspektion&priceMin=1', "station = 'Kiel'", []],
    ];
    for (const [query, condition, values] of cases) {
      const expected = await truth(condition, values);
      const { items, total } = await everything(query);
      expect({ query, ids: items.map((order) => order.id).sort() }).toEqual({ query, ids: expected });
      expect({ query, total }).toEqual({ query, total: expected.length });
    }
    const all = (await everything('&sort=begin')).items.map((order) => order.id);
    expect(all).toEqual(expect.arrayContaining(listed.map((order) => order.id)));
    expect(all).not.toContain(endsBefore.id);

    const csv = await (await call(server, `/api/orders/export.csv?${rangeQuery(RANGE)}&q=Kund`, { token })).text();
    for (const order of listed) expect(csv).toContain(order.number);
    expect(csv).not.toContain(endsBefore.number);
    expect(await statisticsDrift(server)).toEqual([]);
  });
});
