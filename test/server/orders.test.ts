import type { RunningServer } from '../../server/startServer';
import type { Order, OrderPage } from '../../src/domain/model/Order';
import { ORDER_STATUSES } from '../../src/domain/model/OrderStatus';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from './support/testServer';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const STATUS_RANK: Record<string, number> = { new: 1, confirmed: 2, in_progress: 3, completed: 4, cancelled: 5 };

describe('GET /api/orders', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let germanToken: string;
  let britishToken: string;
  let all: Order[];

  const page = async (query: string, token = germanToken): Promise<OrderPage> => {
    const response = await call(server, `/api/orders${query}`, { token });
    expect(response.status).toBe(200);
    return (await response.json()) as OrderPage;
  };

  /** Every order of the token's tenant, following the cursors. */
  const everything = async (query: string, token = germanToken): Promise<Order[]> => {
    const items: Order[] = [];
    let cursor: string | null = null;
    do {
      const separator = query ? '&' : '?';
      const result: OrderPage = await page(`${query}${cursor ? `${separator}cursor=${cursor}` : ''}`, token);
      items.push(...result.items);
      cursor = result.nextCursor;
    } while (cursor);
    return items;
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now });
    germanToken = (await login(server, GERMAN_EMAIL)).token;
    britishToken = (await login(server, BRITISH_EMAIL)).token;
    all = (await page('')).items;
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('answers items in the wire shape, nextCursor and total', async () => {
    const result = await page('');
    expect(result.total).toBe(50);
    expect(result.items).toHaveLength(50);
    expect(result.nextCursor).toBeNull();
    for (const order of result.items) {
      expect(order).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        number: expect.stringMatching(/^AN-\d{4}-\d{6}$/),
        status: expect.stringMatching(/^(new|confirmed|in_progress|completed|cancelled)$/),
        begin: expect.stringMatching(ISO_UTC),
        end: expect.stringMatching(ISO_UTC),
        station: expect.any(String),
        service: expect.any(String),
        customer: { name: expect.any(String), email: expect.stringMatching(/^[a-z0-9.]+@kundenpost\.example$/), phone: expect.stringMatching(/^\+49 \d+ \d+$/) },
        vehicle: {
          licensePlate: expect.stringMatching(/^[A-ZÄÖÜ]{1,3}-[A-Z]{1,2} \d{1,4}E?$/),
          make: expect.any(String),
          model: expect.any(String),
          ...(order.vehicle.vin === undefined ? {} : { vin: expect.stringMatching(/^[A-Z0-9]{17}$/) }),
        },
        price: { amount: expect.any(Number), currency: 'EUR' },
        notes: expect.any(String),
        createdAt: expect.stringMatching(ISO_UTC),
        updatedAt: expect.stringMatching(ISO_UTC),
        version: expect.any(Number),
      });
      expect(Number.isInteger(order.price.amount)).toBe(true);
      expect(Date.parse(order.begin)).toBeLessThanOrEqual(Date.parse(order.end));
    }
  });

  it('sorts newest first by default', () => {
    const begins = all.map((order) => Date.parse(order.begin));
    expect(begins).toEqual([...begins].sort((a, b) => b - a));
    expect(new Set(begins).size).toBeGreaterThan(40);
  });

  it('pages with limit and cursor through every order exactly once', async () => {
    const first = await page('?limit=7');
    expect(first.items).toHaveLength(7);
    expect(first.total).toBe(50);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const paged = await everything('?limit=7');
    expect(paged.map((order) => order.id)).toEqual(all.map((order) => order.id));
  });

  it('keeps its place when newer orders arrive between pages', async () => {
    const first = await page('?limit=10');
    const tenantId = (await login(server, GERMAN_EMAIL)).user.tenant.id;
    await server.database.query(
      `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email,
         customer_phone, vehicle_plate, vehicle_make, vehicle_model, price_amount, price_currency)
       VALUES ('00000000-0000-4000-8000-00000000a001', $1, 'AN-2099-000001', 'new', '2026-06-20T08:00:00Z', '2026-06-20T09:00:00Z',
         'Kiel', 'Inspektion', 'Neu Kunde', 'neu@kundenpost.example', '+49 431 1234567', 'KI-N 1', 'Opel', 'Corsa', 1000, 'EUR')`,
      [tenantId],
    );
    try {
      const second = await page(`?limit=10&cursor=${first.nextCursor}`);
      expect(second.total).toBe(51);
      expect(second.items.map((order) => order.id)).toEqual(all.slice(10, 20).map((order) => order.id));
    } finally {
      await server.database.query(`DELETE FROM orders WHERE id = '00000000-0000-4000-8000-00000000a001'`);
    }
  });

  it.each([
    ['begin', (a: Order, b: Order) => Date.parse(a.begin) - Date.parse(b.begin)],
    ['-number', (a: Order, b: Order) => b.number.localeCompare(a.number)],
    ['price', (a: Order, b: Order) => a.price.amount - b.price.amount],
    ['-price', (a: Order, b: Order) => b.price.amount - a.price.amount],
    ['status', (a: Order, b: Order) => (STATUS_RANK[a.status] ?? 0) - (STATUS_RANK[b.status] ?? 0) || Date.parse(a.begin) - Date.parse(b.begin)],
  ])('sorts by %s, also across pages', async (sort, compare) => {
    const sorted = await everything(`?sort=${sort}&limit=9`);
    expect(sorted).toHaveLength(50);
    expect(new Set(sorted.map((order) => order.id)).size).toBe(50);
    for (let index = 1; index < sorted.length; index += 1) {
      expect(compare(sorted[index - 1] as Order, sorted[index] as Order)).toBeLessThanOrEqual(0);
    }
  });

  it('filters by status (repeatable)', async () => {
    const expected = all.filter((order) => order.status === 'completed' || order.status === 'cancelled');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(50);
    const result = await page('?status=completed&status=cancelled');
    expect(result.total).toBe(expected.length);
    expect(result.items.map((order) => order.id)).toEqual(expected.map((order) => order.id));
    const single = await page('?status=new');
    expect(single.items.map((order) => order.id)).toEqual(all.filter((order) => order.status === 'new').map((order) => order.id));
  });

  it('filters by overlap with begin and end', async () => {
    const begin = '2026-06-10T00:00:00.000Z';
    const end = '2026-06-20T00:00:00.000Z';
    const expected = all.filter((order) => order.begin <= end && order.end >= begin);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(50);
    const result = await page(`?begin=${begin}&end=${end}`);
    expect(result.items.map((order) => order.id)).toEqual(expected.map((order) => order.id));
    expect(result.total).toBe(expected.length);

    const onlyEnd = await page(`?end=${end}`);
    expect(onlyEnd.total).toBe(all.filter((order) => order.begin <= end).length);
    const withOffset = await page(`?begin=${encodeURIComponent('2026-06-10T02:00:00+02:00')}&end=${end}`);
    expect(withOffset.total).toBe(expected.length);
  });

  it('searches number, licence plate and customer name without regard to case', async () => {
    const sample = all[3] as Order;
    const byPlate = await page(`?q=${encodeURIComponent(sample.vehicle.licensePlate.toLowerCase())}`);
    expect(byPlate.items.map((order) => order.id)).toContain(sample.id);
    expect(byPlate.items.every((order) => order.vehicle.licensePlate === sample.vehicle.licensePlate)).toBe(true);

    const byNumber = await page(`?q=${sample.number.slice(3)}`);
    expect(byNumber.items.map((order) => order.id)).toEqual([sample.id]);

    const lastName = sample.customer.name.split(' ')[1] ?? '';
    const byName = await page(`?q=${encodeURIComponent(lastName.toUpperCase())}`);
    expect(byName.items.map((order) => order.id)).toEqual(
      all.filter((order) => order.customer.name.toLowerCase().includes(lastName.toLowerCase())).map((order) => order.id),
    );
    expect((await page('?q=%25')).total).toBe(0);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['sort=customer', 'sort'],
    ['status=open', 'status[0]'],
    ['begin=yesterday', 'begin'],
    ['end=2026-06-10', 'end'],
    ['page=2', 'page'],
    ['cursor=not*base64', 'cursor'],
    [`cursor=${Buffer.from('{"s":"-begin","k":[1,2]}').toString('base64url')}`, 'cursor'],
    ['begin=2026-06-20T00:00:00Z&end=2026-06-10T00:00:00Z', 'begin'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const response = await call(server, `/api/orders?${query}`, { token: germanToken });
    const body = await expectProblem(response, 400);
    expect(body.errors?.map((error) => error.field)).toEqual([field]);
  });

  it('refuses a cursor made for another sort', async () => {
    const { nextCursor } = await page('?limit=5&sort=price');
    expect(nextCursor).not.toBeNull();
    await expectProblem(await call(server, `/api/orders?limit=5&sort=-price&cursor=${nextCursor}`, { token: germanToken }), 400);
  });

  it('accepts the largest page size and every status', async () => {
    const result = await page(`?limit=500&${ORDER_STATUSES.map((status) => `status=${status}`).join('&')}`);
    expect(result.total).toBe(50);
  });

  it("never shows another tenant's orders", async () => {
    const british = await everything('?limit=500', britishToken);
    expect(british).toHaveLength(50);
    expect(british.every((order) => order.number.startsWith('CF-'))).toBe(true);
    const germanIds = new Set(all.map((order) => order.id));
    expect(british.some((order) => germanIds.has(order.id))).toBe(false);
    const search = await page(`?q=${(british[0] as Order).number}`, germanToken);
    expect(search.total).toBe(0);
  });
});
