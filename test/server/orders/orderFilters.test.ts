import type { RunningServer } from '../../../server/startServer';
import type { NewOrder } from '../../../shared/NewOrder';
import type { Order, OrderPage, OrderQuery } from '../../../shared/Order';
import type { OrderFacets } from '../../../shared/OrderFacets';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { orderMatches } from '../../../src/domain/model/orderMatches';
import { BOOKING, deleteOrders, insertOrder, overlaps, SORT_COMPARATORS, statisticsDrift, tenantOf } from '../support/orderFixtures';
import { type OrderRange, seededRange } from '../support/orderRange';
import {
  BRITISH_EMAIL,
  BRITISH_VIEWER_EMAIL,
  call,
  expectProblem,
  GERMAN_ADMIN_EMAIL,
  GERMAN_EMAIL,
  login,
  STARTUP_TIMEOUT_MS,
  startTestServer,
  TestClock,
} from '../support/testServer';

/** The filters of the list beside the range: what a test asks for. */
interface Filter {
  station?: string[];
  service?: string[];
  priceMin?: number;
  priceMax?: number;
  status?: OrderStatus[];
  q?: string;
  range?: OrderRange;
}

/** The query string of a filter and range, each list value repeated (`station=a&station=b`). */
function queryOf(filter: Filter, range: OrderRange, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  const { begin, end } = filter.range ?? range;
  params.set('begin', begin);
  params.set('end', end);
  for (const status of filter.status ?? []) params.append('status', status);
  for (const station of filter.station ?? []) params.append('station', station);
  for (const service of filter.service ?? []) params.append('service', service);
  if (filter.priceMin !== undefined) params.set('priceMin', String(filter.priceMin));
  if (filter.priceMax !== undefined) params.set('priceMax', String(filter.priceMax));
  if (filter.q !== undefined) params.set('q', filter.q);
  for (const [name, value] of Object.entries(extra)) params.set(name, String(value));
  return params.toString();
}

/** Whether the filter takes an order, computed here from the documented rules. */
function takes(order: Order, filter: Filter, range: OrderRange): boolean {
  const { begin, end } = filter.range ?? range;
  const oneOf = (value: string, asked: readonly string[] | undefined) => !asked || asked.length === 0 || asked.includes(value);
  const q = filter.q?.trim().toLowerCase();
  return (
    overlaps(order, begin, end) &&
    oneOf(order.status, filter.status) &&
    oneOf(order.station, filter.station) &&
    oneOf(order.service, filter.service) &&
    (filter.priceMin === undefined || order.price.amount >= filter.priceMin) &&
    (filter.priceMax === undefined || order.price.amount <= filter.priceMax) &&
    (!q || [order.number, order.vehicle.licensePlate, order.customer.name].some((text) => text.toLowerCase().includes(q)))
  );
}

/** The query of the console's own rule (src/domain/model/orderMatches.ts) for the same filter. */
function consoleQuery(filter: Filter, range: OrderRange): OrderQuery {
  const { range: own, ...rest } = filter;
  return { ...(own ?? range), ...rest };
}

const GERMAN = new Intl.Collator('de');

describe('GET /api/orders filtered by station, service and price', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let britishToken: string;
  let all: Order[];
  const range = seededRange(clock.now());
  const week: OrderRange = { begin: '2026-06-08T00:00:00.000Z', end: '2026-06-14T23:59:59.999Z' };
  const month: OrderRange = { begin: '2026-06-01T00:00:00.000Z', end: '2026-06-30T23:59:59.999Z' };

  const list = (query: string, as = token) => call(server, `/api/orders?${query}`, { token: as });
  const page = async (query: string, as = token): Promise<OrderPage> => {
    const response = await list(query, as);
    expect(response.status).toBe(200);
    return (await response.json()) as OrderPage;
  };
  /** Every page of a query, following the cursors; checks that each carries the first page's total. */
  const walk = async (query: string, as = token): Promise<{ orders: Order[]; total: number; pages: number }> => {
    const first = await page(query, as);
    const orders = [...first.items];
    let pages = 1;
    for (let cursor = first.nextCursor; cursor; pages += 1) {
      const next = await page(`${query}&cursor=${cursor}`, as);
      expect(next.total).toBe(first.total);
      orders.push(...next.items);
      cursor = next.nextCursor;
    }
    return { orders, total: first.total, pages };
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedTenantOrders: { AN: 300 } });
    token = (await login(server, GERMAN_EMAIL)).token;
    britishToken = (await login(server, BRITISH_EMAIL)).token;
    const tenantId = await tenantOf(server, GERMAN_EMAIL);
    /** From 08:00 UTC on a day of June 2026, for some hours. */
    const at = (day: number, hours = 2) => {
      const begin = Date.UTC(2026, 5, day, 8);
      return { begin: new Date(begin).toISOString(), end: new Date(begin + hours * 3_600_000).toISOString() };
    };
    // Names that only exact matching tells apart, a rare station and service, prices at the bounds and equal prices.
    const fixtures = [
      { ...at(10), station: 'Husum', service: 'Sonderfahrt', price: 0, status: 'new' as const },
      { ...at(11), station: 'Husum', price: 10_000_000_000, status: 'confirmed' as const },
      { ...at(12, 30), station: 'Husum', service: 'Sonderfahrt', price: 4711, status: 'completed' as const },
      { ...at(12), station: 'kiel', price: 4711 },
      { ...at(13), station: 'Kiel; Hafen', price: 4711, customer: 'Hafenmeisterin Jensen' },
      { ...at(13), station: 'Café Nord', service: 'Ölwechsel', price: 4711 },
      { ...at(9), station: 'Kiel', service: 'Sonderfahrt', price: 4711, status: 'completed' as const },
    ];
    for (const fixture of fixtures) await insertOrder(server, tenantId, fixture);
    all = (await walk(queryOf({}, range, { limit: 500 }))).orders;
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const FILTERS: [string, Filter][] = [
    ['one station', { station: ['Kiel'] }],
    ['a station named twice', { station: ['Kiel', 'Kiel'] }],
    ['several stations, told apart exactly (case, ";", accents)', { station: ['Husum', 'kiel', 'Kiel; Hafen', 'Café Nord'] }],
    ['one service', { service: ['Inspektion'] }],
    ['several services', { service: ['Sonderfahrt', 'Ölwechsel', 'Mietwagen'] }],
    ['a lower price bound', { priceMin: 20_000 }],
    ['an upper price bound', { priceMax: 9_000 }],
    ['one exact price', { priceMin: 4711, priceMax: 4711 }],
    ['the widest price bounds', { priceMin: 0, priceMax: 10_000_000_000 }],
    ['stations and states', { station: ['Kiel', 'Bremen', 'Husum'], status: ['new', 'confirmed', 'completed'] }],
    ['a station and one state', { station: ['Kiel'], status: ['completed'] }],
    ['services and a search text', { service: ['Inspektion', 'Reifenwechsel', 'Ölwechsel'], q: 'mann' }],
    ['a station, a search text and a price', { station: ['Kiel; Hafen', 'Lübeck'], q: 'jensen', priceMax: 50_000 }],
    ['station, service, price, state and a month', { station: ['Kiel', 'Lübeck', 'Bremen', 'Rostock'], service: ['Inspektion', 'Reifenwechsel', 'Mietwagen'], priceMin: 5_000, priceMax: 60_000, status: ['new', 'confirmed', 'in_progress'], range: month }],
    ['a station and a week', { station: ['Hamburg-Wandsbek', 'Husum'], range: week }],
    ['a station no order has', { station: ['Nirgendwo'] }],
  ];

  it('has orders of the fixtures and of every kind the filters need', () => {
    expect(all.length).toBe(307);
    for (const [label, filter] of FILTERS) {
      const expected = all.filter((order) => takes(order, filter, range));
      if (label !== 'a station no order has') {
        expect({ label, some: expected.length > 0 }).toEqual({ label, some: true });
      }
      if (!label.startsWith('the widest')) {
        expect({ label, fewer: expected.length < all.length }).toEqual({ label, fewer: true });
      }
    }
  });

  it.each(FILTERS)('lists exactly the orders of %s, on every sort and across pages, total exact', async (_label, filter) => {
    const expected = all.filter((order) => takes(order, filter, range));
    // The console places live changes by the same rule.
    expect(all.filter((order) => orderMatches(order, consoleQuery(filter, range))).map((order) => order.id)).toEqual(expected.map((order) => order.id));
    for (const [index, sort] of Object.keys(SORT_COMPARATORS).entries()) {
      const limit = [5, 7, 11, 500][index % 4] ?? 5;
      const { orders, total, pages } = await walk(queryOf(filter, range, { sort, limit }));
      const ids = orders.map((order) => order.id);
      expect({ sort, ids }).toEqual({ sort, ids: [...expected].sort(SORT_COMPARATORS[sort]).map((order) => order.id) });
      expect({ sort, total }).toEqual({ sort, total: expected.length });
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    }
  }, 60_000);

  it('counts the total exactly at any range boundary, with and without states', async () => {
    const instants = ['2026-06-09T08:00:00.000Z', '2026-06-10T23:59:59.999Z', '2026-06-12T08:00:00.000Z', '2026-06-13T10:00:00.000Z', '2026-06-14T00:00:00.000Z'];
    for (const [i, begin] of instants.entries()) {
      for (const end of instants.slice(i)) {
        for (const filter of [{ station: ['Kiel', 'Husum'] }, { service: ['Sonderfahrt'], status: ['completed'] as OrderStatus[] }, { priceMin: 4711 }]) {
          const within: Filter = { ...filter, range: { begin, end } };
          const expected = all.filter((order) => takes(order, within, range)).length;
          expect({ within, total: (await page(queryOf(within, range, { limit: 1 }))).total }).toEqual({ within, total: expected });
        }
      }
    }
  }, 60_000);

  it('refuses a cursor sent with another station, service or price filter, and takes one sent with the same', async () => {
    const filter: Filter = { station: ['Kiel', 'Husum'], service: ['Inspektion', 'Sonderfahrt'], priceMin: 0, priceMax: 500_000 };
    const first = await page(queryOf(filter, range, { limit: 2 }));
    expect(first.nextCursor).not.toBeNull();
    const sent = (other: Filter, locale?: 'de' | 'en') => call(server, `/api/orders?${queryOf(other, range, { limit: 2, cursor: first.nextCursor ?? '' })}`, { token, locale });
    // The same filter, its names in another order.
    expect((await sent({ ...filter, station: ['Husum', 'Kiel'], service: ['Sonderfahrt', 'Inspektion'] })).status).toBe(200);
    const changed: Filter[] = [
      { ...filter, station: ['Kiel'] },
      { ...filter, station: ['Kiel', 'Husum', 'Bremen'] },
      { ...filter, station: ['kiel', 'Husum'] },
      { ...filter, station: undefined },
      { ...filter, service: ['Inspektion'] },
      { ...filter, service: undefined },
      { ...filter, priceMin: 1 },
      { ...filter, priceMin: undefined },
      { ...filter, priceMax: 499_999 },
      { ...filter, priceMax: undefined },
    ];
    for (const other of changed) {
      const body = await expectProblem(await sent(other, 'de'), 400);
      expect({ other, errors: body.errors }).toEqual({ other, errors: [{ field: 'cursor', message: 'ist kein gültiger Cursor für diese Abfrage und Sortierung' }] });
    }
    // A cursor of the unfiltered list is refused once a filter is added.
    const plain = await page(queryOf({}, range, { limit: 2 }));
    await expectProblem(await list(queryOf({ priceMax: 10_000_000_000 }, range, { limit: 2, cursor: plain.nextCursor ?? '' })), 400);
  });

  const many = (name: string) => Array.from({ length: 51 }, (_, i) => `${name}=S${i}`).join('&');
  it.each([
    ['priceMin=-1', 'priceMin=-1', 'priceMin', 'must be at least 0'],
    ['priceMax=10000000001', 'priceMax=10000000001', 'priceMax', 'must be at most 10000000000'],
    ['priceMin=ten', 'priceMin=ten', 'priceMin', 'must be of type integer'],
    ['priceMax=12.5', 'priceMax=12.5', 'priceMax', 'must be of type integer'],
    ['priceMin above priceMax', 'priceMin=501&priceMax=500', 'priceMin', 'must be at most 500'],
    ['an empty station', 'station=', 'station[0]', 'must have at least 1 characters'],
    ['a station of 101 characters', `station=${'x'.repeat(101)}`, 'station[0]', 'must have at most 100 characters'],
    ['a station with a line break', 'station=Kiel&station=Ki%0Ael', 'station[1]', 'must not contain control characters'],
    ['51 stations', many('station'), 'station', 'is invalid'],
    ['an empty service', 'service=', 'service[0]', 'must have at least 1 characters'],
    ['a service with a tab', 'service=%09Inspektion', 'service[0]', 'must not contain control characters'],
    ['51 services', many('service'), 'service', 'is invalid'],
  ])('answers 400 naming the field for %s, on the list and the export', async (_label, query, field, message) => {
    for (const path of ['/api/orders', '/api/orders/export.csv']) {
      const response = await call(server, `${path}?${queryOf({}, range)}&${query}`, { token, locale: 'en' });
      const body = await expectProblem(response, 400);
      expect({ path, errors: body.errors }).toEqual({ path, errors: [{ field, message }] });
    }
  });

  it('names every field in error at once: a reversed range and reversed prices', async () => {
    const body = await expectProblem(await list(`begin=2026-06-20T00:00:00Z&end=2026-06-10T00:00:00Z&priceMin=9&priceMax=1`), 400);
    expect(body.errors).toEqual([
      { field: 'begin', message: 'must not be after end' },
      { field: 'priceMin', message: 'must be at most 1' },
    ]);
    const german = await expectProblem(await call(server, `/api/orders?${queryOf({ priceMin: 9, priceMax: 1 }, range)}`, { token, locale: 'de' }), 400);
    expect(german.errors).toEqual([{ field: 'priceMin', message: 'darf höchstens 1 sein' }]);
  });

  it('takes the most names, the longest name and the highest bounds', async () => {
    const stations = [...Array.from({ length: 49 }, (_, i) => `Station ${i}`), 'Kiel'];
    const services = Array.from({ length: 50 }, (_, i) => (i === 0 ? 'Inspektion' : `${'S'.repeat(99)}${i % 10}`));
    const filter: Filter = { station: stations, service: services, priceMin: 10_000_000_000, priceMax: 10_000_000_000 };
    const result = await page(queryOf(filter, range));
    expect(result.total).toBe(all.filter((order) => takes(order, filter, range)).length);
    expect((await page(queryOf({ station: stations, service: services }, range))).total).toBe(all.filter((order) => order.station === 'Kiel' && order.service === 'Inspektion').length);
  });

  it("never lists another tenant's orders under a station or service filter", async () => {
    const british = (await walk(queryOf({}, range, { limit: 500 }), britishToken)).orders;
    const theirs = british[0] as Order;
    const filter: Filter = { station: [theirs.station, 'Kiel'], service: [theirs.service, 'Inspektion'] };
    const german = await walk(queryOf(filter, range, { limit: 500 }));
    expect(german.orders.every((order) => order.number.startsWith('AN-'))).toBe(true);
    expect(german.total).toBe(all.filter((order) => takes(order, filter, range)).length);
    const onlyTheirs = await page(queryOf({ station: [theirs.station] }, range));
    expect(onlyTheirs).toMatchObject({ items: [], total: 0 });
  });

  describe('GET /api/orders/facets', () => {
    const facets = async (as = token): Promise<OrderFacets> => {
      const response = await call(server, '/api/orders/facets', { token: as });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return (await response.json()) as OrderFacets;
    };
    const distinctSorted = (values: string[]) => [...new Set(values)].sort(GERMAN.compare);

    it("answers the tenant's distinct stations and services, sorted as German sorts", async () => {
      const answer = await facets();
      expect(answer).toEqual({ stations: distinctSorted(all.map((order) => order.station)), services: distinctSorted(all.map((order) => order.service)) });
      expect(answer.stations).toEqual(expect.arrayContaining(['Husum', 'kiel', 'Kiel', 'Kiel; Hafen', 'Café Nord']));
      // German order: umlauts among their vowels, case second.
      expect(answer.stations.indexOf('Lübeck')).toBeLessThan(answer.stations.indexOf('Rostock'));
      expect(answer.stations.indexOf('kiel')).toBe(answer.stations.indexOf('Kiel') - 1);
      expect(answer.services.indexOf('Ölwechsel')).toBeLessThan(answer.services.indexOf('Reifenwechsel'));
      expect(answer.services.indexOf('Ölwechsel')).toBeGreaterThan(answer.services.indexOf('Mietwagen'));
    });

    it("answers each tenant its own, to every role; 401 without a token", async () => {
      const british = await facets(britishToken);
      const britishOrders = (await walk(queryOf({}, range, { limit: 500 }), britishToken)).orders;
      expect(british).toEqual({ stations: distinctSorted(britishOrders.map((order) => order.station)), services: distinctSorted(britishOrders.map((order) => order.service)) });
      expect(british.stations).not.toContain('Kiel');
      expect(await facets((await login(server, BRITISH_VIEWER_EMAIL)).token)).toEqual(british);
      expect(await facets((await login(server, GERMAN_ADMIN_EMAIL)).token)).toEqual(await facets());
      await expectProblem(await call(server, '/api/orders/facets'), 401);
    });

    it('offers a new station or service at once: of a created order, of a changed one; and no more when no order has it', async () => {
      const created: string[] = [];
      try {
        const booking: NewOrder = { ...BOOKING, station: 'Aurich', service: 'Zubehöreinbau', begin: '2026-06-16T07:00:00Z', end: '2026-06-16T09:30:00Z' };
        const response = await call(server, '/api/orders', { token, body: booking });
        expect(response.status).toBe(201);
        const order = (await response.json()) as Order;
        created.push(order.id);
        let answer = await facets();
        expect(answer.stations).toContain('Aurich');
        expect(answer.services).toContain('Zubehöreinbau');
        expect(answer.stations.indexOf('Aurich')).toBe(answer.stations.indexOf('Bremen') - 1);
        // The new station lists and counts its order at once.
        expect(await page(queryOf({ station: ['Aurich'] }, range))).toMatchObject({ total: 1, items: [{ id: order.id }] });

        const patched = await call(server, `/api/orders/${order.id}`, { method: 'PATCH', token, body: { station: 'Zwiesel' }, headers: { 'if-match': `"${order.version}"` } });
        expect(patched.status).toBe(200);
        answer = await facets();
        expect(answer.stations).toContain('Zwiesel');
        expect(answer.stations).not.toContain('Aurich');
        expect(answer.stations[answer.stations.length - 1]).toBe('Zwiesel');
        expect((await page(queryOf({ station: ['Aurich'] }, range))).total).toBe(0);
        expect((await page(queryOf({ station: ['Zwiesel'] }, range))).total).toBe(1);
      } finally {
        await deleteOrders(server, created);
      }
      const after = await facets();
      expect(after.stations).not.toContain('Zwiesel');
      expect(after.services).not.toContain('Zubehöreinbau');
    });
  });

  it('keeps the per-day counts in step', async () => {
    expect(await statisticsDrift(server)).toEqual([]);
  });
});
