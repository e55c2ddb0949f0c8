import { encodeCursor } from '../../../server/orders/orderCursor';
import { exactTimestamp, isoTimestamp } from '../../../server/orders/orderPageRows';
import { orderSort } from '../../../server/orders/orderSorts';
import type { RunningServer } from '../../../server/startServer';
import type { Order, OrderPage } from '../../../shared/Order';
import { ORDER_STATUSES } from '../../../shared/OrderStatus';
import { MAX_RANGE_MS } from '../../../shared/instant';
import { deleteOrders, insertOrder, overlaps, random, SORT_COMPARATORS, statisticsDrift, tenantOf } from '../support/orderFixtures';
import { rangeQuery, seededRange, withRange } from '../support/orderRange';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const STATUS_RANK: Record<string, number> = { new: 1, confirmed: 2, in_progress: 3, completed: 4, cancelled: 5 };

describe('GET /api/orders', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let germanToken: string;
  let britishToken: string;
  let all: Order[];
  /** Every order of the test, seeded or inserted: the range of a query that names none. */
  const range = seededRange(clock.now());

  const page = async (query: string, token = germanToken): Promise<OrderPage> => {
    const response = await call(server, `/api/orders${withRange(query, range)}`, { token });
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

  it('keeps its place when newer orders arrive between pages; total stays the count of the first page', async () => {
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
      expect(second.total).toBe(50);
      expect(second.items.map((order) => order.id)).toEqual(all.slice(10, 20).map((order) => order.id));
      expect((await page('?limit=10')).total).toBe(51);
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

    const fromTheFirst = await page(`?begin=${range.begin}&end=${end}`);
    expect(fromTheFirst.total).toBe(all.filter((order) => order.begin <= end).length);
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
    ['begin=yesterday&end=2026-06-10T00:00:00Z', 'begin'],
    ['begin=2026-06-01T00:00:00Z&end=2026-06-10', 'end'],
    ['page=2', 'page'],
    ['cursor=not*base64', 'cursor'],
    [`cursor=${Buffer.from('{"s":"-begin","k":[1,2]}').toString('base64url')}`, 'cursor'],
    ['begin=2026-06-20T00:00:00Z&end=2026-06-10T00:00:00Z', 'begin'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const response = await call(server, withRange(`/api/orders?${query}`, range), { token: germanToken });
    const body = await expectProblem(response, 400);
    expect(body.errors?.map((error) => error.field)).toEqual([field]);
  });

  it('refuses a range open on either side, or longer than 366 days (367 × 24 h), naming the parameter', async () => {
    const refused = async (query: string) => (await expectProblem(await call(server, `/api/orders?${query}`, { token: germanToken }), 400)).errors;
    expect(await refused('limit=5')).toEqual([{ field: 'begin', message: 'is required' }]);
    expect(await refused(`end=${range.end}`)).toEqual([{ field: 'begin', message: 'is required' }]);
    expect(await refused(`begin=${range.begin}&status=new`)).toEqual([{ field: 'end', message: 'is required' }]);
    const begin = Date.parse(range.begin);
    const longest = rangeQuery({ begin: range.begin, end: new Date(begin + MAX_RANGE_MS).toISOString() });
    expect((await page(`?${longest}`)).total).toBe(all.length);
    const tooLong = rangeQuery({ begin: range.begin, end: new Date(begin + MAX_RANGE_MS + 1).toISOString() });
    expect(await refused(tooLong)).toEqual([{ field: 'end', message: 'must be at most 366 days after begin' }]);
  });

  it('refuses a cursor made for another sort', async () => {
    const { nextCursor } = await page('?limit=5&sort=price');
    expect(nextCursor).not.toBeNull();
    await expectProblem(await call(server, withRange(`/api/orders?limit=5&sort=-price&cursor=${nextCursor}`, range), { token: germanToken }), 400);
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
  it.each(Object.keys(SORT_COMPARATORS))('sorts by %s exactly as a sort done here, also across pages', async (sort) => {
    const compare = SORT_COMPARATORS[sort] ?? (() => 0);
    const sorted = await everything(`?sort=${sort}&limit=7`);
    expect(sorted.map((order) => order.id)).toEqual([...all].sort(compare).map((order) => order.id));
  });

  it.each([
    ['-begin', ['new', 'confirmed'], null],
    ['begin', ['new', 'cancelled', 'in_progress'], null],
    ['begin', ['completed'], null],
    ['price', ['completed', 'cancelled'], ['2026-05-20T00:00:00.000Z', '2026-06-20T00:00:00.000Z']],
    ['-status', ['new', 'confirmed', 'in_progress'], ['2026-06-01T00:00:00.000Z', '2026-07-31T00:00:00.000Z']],
    ['number', [], ['2026-06-14T00:00:00.000Z', '2026-06-16T23:59:59.999Z']],
  ] as const)('filters and sorts together (sort %s, states %j, range %j or that of every order)', async (sort, statuses, narrow) => {
    const [begin, end] = narrow ?? [range.begin, range.end];
    const query = [`sort=${sort}`, 'limit=3', ...statuses.map((status) => `status=${status}`), `begin=${begin}`, `end=${end}`].join('&');
    const expected = all
      .filter((order) => statuses.length === 0 || (statuses as readonly string[]).includes(order.status))
      .filter((order) => overlaps(order, begin, end))
      .sort(SORT_COMPARATORS[sort]);
    expect(expected.length).toBeGreaterThan(0);
    expect((await page(`?${query}`)).total).toBe(expected.length);
    expect((await everything(`?${query}`)).map((order) => order.id)).toEqual(expected.map((order) => order.id));
  });

  it('counts total exactly for ranges of every kind (day boundaries, exact ends, from the first or to the last order, states)', async () => {
    const next = random(20260615);
    const instants = all.flatMap((order) => [Date.parse(order.begin), Date.parse(order.end)]);
    const pick = (): number => {
      const base = instants[Math.floor(next() * instants.length)] ?? 0;
      const variants = [base, base - 1, base + 1, Math.floor(base / 86_400_000) * 86_400_000, Math.floor(base / 86_400_000) * 86_400_000 + 43_200_000, base + Math.floor((next() - 0.5) * 5 * 86_400_000)];
      return variants[Math.floor(next() * variants.length)] ?? base;
    };
    for (let draw = 0; draw < 40; draw += 1) {
      const [a, b] = [pick(), pick()].sort((x, y) => x - y) as [number, number];
      // Now and then from before the first order or to after the last one.
      const begin = next() < 0.15 ? range.begin : new Date(a).toISOString();
      const end = next() < 0.15 ? range.end : new Date(b).toISOString();
      const statuses = ORDER_STATUSES.filter(() => next() < 0.4);
      const query = [`begin=${begin}`, `end=${end}`, ...statuses.map((status) => `status=${status}`), 'limit=1'].join('&');
      const expected = all.filter((order) => overlaps(order, begin, end) && (statuses.length === 0 || statuses.includes(order.status)));
      expect({ query, total: (await page(`?${query}`)).total }).toEqual({ query, total: expected.length });
    }
  });

  it('includes an order that ends exactly at the range begin or begins exactly at its end, not one a millisecond off', async () => {
    const tenantId = await tenantOf(server, GERMAN_EMAIL);
    const rangeBegin = '2031-03-02T00:00:00.000Z';
    const rangeEnd = '2031-03-04T12:00:00.000Z';
    const ids = {
      endsAtBegin: await insertOrder(server, tenantId, { begin: '2031-03-01T08:00:00Z', end: '2031-03-02T00:00:00.000Z' }),
      endsJustBefore: await insertOrder(server, tenantId, { begin: '2031-03-01T08:00:00Z', end: '2031-03-01T23:59:59.999Z' }),
      endsAMicrosecondLater: await insertOrder(server, tenantId, { begin: '2031-03-01T09:00:00Z', end: '2031-03-02T00:00:00.000001Z' }),
      beginsAtEnd: await insertOrder(server, tenantId, { begin: '2031-03-04T12:00:00.000Z', end: '2031-03-05T08:00:00Z' }),
      beginsJustAfter: await insertOrder(server, tenantId, { begin: '2031-03-04T12:00:00.001Z', end: '2031-03-05T08:00:00Z' }),
      spansTheRange: await insertOrder(server, tenantId, { begin: '2031-02-20T08:00:00Z', end: '2031-03-10T08:00:00Z' }),
      inside: await insertOrder(server, tenantId, { begin: '2031-03-03T08:00:00Z', end: '2031-03-03T09:00:00Z' }),
    };
    try {
      for (const sort of Object.keys(SORT_COMPARATORS)) {
        const result = await page(`?begin=${rangeBegin}&end=${rangeEnd}&sort=${sort}`);
        expect(new Set(result.items.map((order) => order.id))).toEqual(
          new Set([ids.endsAtBegin, ids.endsAMicrosecondLater, ids.beginsAtEnd, ids.spansTheRange, ids.inside]),
        );
        expect(result.total).toBe(5);
      }
      const shifted = await page(`?begin=2031-03-01T23:59:59.999Z&end=2031-03-04T12:00:00.001Z`);
      expect(shifted.items.map((order) => order.id)).toEqual(expect.arrayContaining([ids.endsJustBefore, ids.beginsJustAfter]));
      expect(shifted.total).toBe(7);
      const instant = await page(`?begin=2031-03-02T00:00:00.000Z&end=2031-03-02T00:00:00.000Z`);
      expect(new Set(instant.items.map((order) => order.id))).toEqual(new Set([ids.endsAtBegin, ids.endsAMicrosecondLater, ids.spansTheRange]));
      expect(instant.total).toBe(3);
    } finally {
      await deleteOrders(server, Object.values(ids));
    }
  });

  it('carries timestamps exactly in the cursor: orders within one millisecond are each listed once', async () => {
    const tenantId = await tenantOf(server, GERMAN_EMAIL);
    const ids = [
      await insertOrder(server, tenantId, { begin: '2032-01-05T08:00:00.000100Z', end: '2032-01-05T09:00:00Z' }),
      await insertOrder(server, tenantId, { begin: '2032-01-05T08:00:00.000300Z', end: '2032-01-05T09:00:00Z' }),
      await insertOrder(server, tenantId, { begin: '2032-01-05T08:00:00.000200Z', end: '2032-01-05T09:00:00Z' }),
    ];
    try {
      const range = 'begin=2032-01-05T00:00:00Z&end=2032-01-06T00:00:00Z';
      const ascending = await everything(`?${range}&sort=begin&limit=1`);
      expect(ascending.map((order) => order.id)).toEqual([ids[0], ids[2], ids[1]]);
      expect(ascending.every((order) => order.begin === '2032-01-05T08:00:00.000Z')).toBe(true);
      const descending = await everything(`?${range}&sort=-begin&limit=1`);
      expect(descending.map((order) => order.id)).toEqual([ids[1], ids[2], ids[0]]);
    } finally {
      await deleteOrders(server, ids);
    }
  });

  it.each(['-begin', 'begin', 'price', '-price', '-number', 'status'])(
    'walks every page (sort %s) while orders arrive just before and just after the cursor: none repeated, none of the first ones skipped',
    async (sort) => {
      const tenantId = await tenantOf(server, GERMAN_EMAIL);
      const compare = SORT_COMPARATORS[sort] ?? (() => 0);
      const [rangeBegin, rangeEnd] = ['2026-01-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'];
      const query = `begin=${rangeBegin}&end=${rangeEnd}&sort=${sort}&limit=6`;
      const original = all.filter((order) => overlaps(order, rangeBegin, rangeEnd)).sort(compare);
      const passed: string[] = [];
      const coming: string[] = [];
      const seen: Order[] = [];
      const descending = sort.startsWith('-');
      /** The id right after (or before) another one: the keyset's last column. */
      const nextId = (id: string, step: number) => `${id.slice(0, 24)}${(parseInt(id.slice(24), 16) + step).toString(16).padStart(12, '0')}`;
      const later = (iso: string, step: number) => new Date(Date.parse(iso) + step).toISOString();
      try {
        let result = await page(`?${query}`);
        const total = result.total;
        expect(total).toBe(original.length);
        for (;;) {
          expect(result.total).toBe(total);
          seen.push(...result.items);
          const last = result.items[result.items.length - 1] as Order;
          const base = { begin: last.begin, end: later(last.end, 3_600_000), price: last.price.amount, status: last.status, number: undefined as string | undefined };
          // `step` 1 sorts after the last row (still to come), -1 before it (passed already).
          const variants = (step: number) => {
            const s = descending ? -step : step;
            if (sort.endsWith('number')) {
              const number = s > 0 ? `${last.number}~` : `${last.number.slice(0, -1)}${String.fromCharCode(last.number.charCodeAt(last.number.length - 1) - 1)}~`;
              return [{ ...base, number }];
            }
            const byKey = sort.endsWith('price') ? { ...base, price: base.price + s } : { ...base, begin: later(last.begin, s) };
            return [byKey, { ...base, id: nextId(last.id, s) }];
          };
          if (!result.nextCursor) break;
          for (const fixture of variants(1)) coming.push(await insertOrder(server, tenantId, fixture));
          for (const fixture of variants(-1)) passed.push(await insertOrder(server, tenantId, fixture));
          result = await page(`?${query}&cursor=${result.nextCursor}`);
        }
        const ids = seen.map((order) => order.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.filter((id) => passed.includes(id))).toEqual([]);
        const originalIds = new Set(original.map((order) => order.id));
        expect(ids.filter((id) => originalIds.has(id))).toEqual(original.map((order) => order.id));
        // Everything inserted after the cursor while walking was listed, in its place.
        expect(coming.filter((id) => !ids.includes(id))).toEqual([]);
        expect([...seen].sort(compare).map((order) => order.id)).toEqual(ids);
      } finally {
        await deleteOrders(server, [...passed, ...coming]);
      }
    },
  );

  it.each(['status', '-status', 'begin', '-begin', 'number', '-number', 'price'])(
    'walks every page (sort %s) under a filter of several states and of one state, across the states',
    async (sort) => {
      const compare = SORT_COMPARATORS[sort] ?? (() => 0);
      for (const statuses of [['new', 'completed', 'cancelled'], ['confirmed'], ['in_progress', 'confirmed']]) {
        const query = `?sort=${sort}&limit=3&${statuses.map((status) => `status=${status}`).join('&')}`;
        const expected = all.filter((order) => statuses.includes(order.status)).sort(compare);
        expect((await everything(query)).map((order) => order.id)).toEqual(expected.map((order) => order.id));
      }
    },
  );

  it('answers an empty page for a cursor past the last state of the filter', async () => {
    const filter = { ...range, statuses: ['new', 'confirmed'] };
    const beyond = encodeCursor(orderSort('status'), filter, { key: [5, '2026-06-15T10:00:00.000000Z', all[0]?.id ?? ''], total: 3 });
    const result = await page(`?sort=status&status=new&status=confirmed&cursor=${beyond}`);
    expect(result).toEqual({ items: [], nextCursor: null, total: 3 });
    const single = encodeCursor(orderSort('-status'), { ...range, statuses: ['cancelled'] }, { key: [1, '2026-06-15T10:00:00.000000Z', all[0]?.id ?? ''], total: 2 });
    expect((await page(`?sort=-status&status=cancelled&cursor=${single}`)).items).toEqual([]);
  });

  it('answers the same pages whatever time zone the database session is in', async () => {
    const query = '?begin=2026-01-01T00:00:00.000Z&end=2026-12-31T00:00:00.000Z&sort=begin&limit=7';
    const inUtc = await everything(query);
    await server.database.exec("SET TIME ZONE 'America/St_Johns'");
    try {
      expect(await everything(query)).toEqual(inUtc);
    } finally {
      await server.database.exec("SET TIME ZONE 'UTC'");
    }
  });

  it('refuses a cursor sent with another filter', async () => {
    const { nextCursor } = await page('?limit=5&status=new&status=confirmed');
    expect(nextCursor).not.toBeNull();
    const sent = (query: string, locale?: 'de' | 'en') => call(server, `/api/orders?${query}&cursor=${nextCursor}`, { token: germanToken, locale });
    expect((await sent(`limit=5&status=confirmed&status=new&${rangeQuery(range)}`)).status).toBe(200);
    const body = await expectProblem(await sent(`limit=5&status=new&${rangeQuery(range)}`, 'de'), 400);
    expect(body.errors).toEqual([{ field: 'cursor', message: 'ist kein gültiger Cursor für diese Abfrage und Sortierung' }]);
    await expectProblem(await sent(`limit=5&status=new&status=confirmed&q=x&${rangeQuery(range)}`), 400);
    const otherEnd = rangeQuery({ begin: range.begin, end: new Date(Date.parse(range.end) - 1).toISOString() });
    await expectProblem(await sent(`limit=5&status=new&status=confirmed&${otherEnd}`), 400);
  });

  it('keeps the per-day counts in step with every insert and delete', async () => {
    expect(await statisticsDrift(server)).toEqual([]);
  });
});

describe('timestamps of a page (UTC timestamp text)', () => {
  it('become the API form (milliseconds) and the exact key of a cursor (microseconds)', () => {
    expect(isoTimestamp('2032-01-05 08:00:00.0001')).toBe('2032-01-05T08:00:00.000Z');
    expect(isoTimestamp('2032-01-05 08:00:00.98765')).toBe('2032-01-05T08:00:00.987Z');
    expect(isoTimestamp('2032-01-05 08:00:00')).toBe('2032-01-05T08:00:00.000Z');
    expect(exactTimestamp('2032-01-05 08:00:00.0001')).toBe('2032-01-05T08:00:00.000100Z');
    expect(exactTimestamp('2032-01-05 08:00:00')).toBe('2032-01-05T08:00:00.000000Z');
  });

  it('refuse text in another form (an offset, another date style) instead of guessing', () => {
    expect(() => isoTimestamp('2032-01-05 09:00:00+01')).toThrow('not a timestamp in UTC');
    expect(() => exactTimestamp('05.01.2032 08:00:00')).toThrow('not a timestamp in UTC');
  });
});
