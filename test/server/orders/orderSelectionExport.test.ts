import { randomUUID } from 'node:crypto';
import type { RunningServer } from '../../../server/startServer';
import type { Order, OrderPage } from '../../../shared/Order';
import { random, SORT_COMPARATORS } from '../support/orderFixtures';
import { rangeQuery, seededRange } from '../support/orderRange';
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

const HEADER_EN = 'Number;Status;Begin;End;Station;Service;Customer;Email;Phone;Licence plate;Make;Model;Price;Currency;Notes';

/** The numbers of a CSV's rows, in order (the seeded orders hold no quoted line breaks). */
function numbers(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(';')[0] ?? '');
}

describe('POST /api/orders/export.csv (chosen orders)', () => {
  // 23:30 UTC: already the next day in Berlin, as the file name says.
  const clock = new TestClock(new Date('2026-06-15T23:30:00.000Z'));
  let server: RunningServer;
  let token: string;
  let britishToken: string;
  let german: Order[];
  let british: Order[];
  const range = seededRange(clock.now());

  const exportChosen = (body: unknown, options: { as?: string; locale?: 'de' | 'en'; headers?: Record<string, string> } = {}) =>
    call(server, '/api/orders/export.csv', { method: 'POST', token: options.as ?? token, body, locale: options.locale, headers: options.headers });
  /** The answer's text as sent, its byte order mark included. */
  const csvOf = async (response: Response) => {
    expect(response.status).toBe(200);
    return new TextDecoder('utf-8', { ignoreBOM: true, fatal: true }).decode(await response.arrayBuffer());
  };
  const exportFiltered = (query: string, locale?: 'de' | 'en') => call(server, `/api/orders/export.csv?${rangeQuery(range)}&${query}`, { token, locale });
  const everyOrder = async (as: string, query = ''): Promise<Order[]> => {
    const response = await call(server, `/api/orders?${rangeQuery(range)}&limit=500${query}`, { token: as });
    const page = (await response.json()) as OrderPage;
    expect(page.nextCursor).toBeNull();
    return page.items;
  };
  /** The ids in an order of their own, so that the answer's order is the sort's. */
  const shuffled = (orders: readonly Order[], seed = 7) => {
    const next = random(seed);
    return orders
      .map((order) => ({ order, key: next() }))
      .sort((a, b) => a.key - b.key)
      .map(({ order }) => order.id);
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 40, seedTenantOrders: { AN: 300 } });
    token = (await login(server, GERMAN_EMAIL)).token;
    britishToken = (await login(server, BRITISH_EMAIL)).token;
    german = await everyOrder(token);
    british = await everyOrder(britishToken);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it.each(['number', '-price', 'status', 'begin', '-begin'])(
    'answers the same file as the export of a filter naming the same orders (sort %s): header, rows, formats, headers',
    async (sort) => {
      const kiel = german.filter((order) => order.station === 'Kiel');
      expect(kiel.length).toBeGreaterThan(10);
      const chosen = await exportChosen({ ids: shuffled(kiel), sort, tz: 'America/New_York' });
      const filtered = await exportFiltered(`station=Kiel&sort=${sort}&tz=America%2FNew_York`);
      const text = await csvOf(chosen);
      expect(text).toBe(await csvOf(filtered));
      for (const header of ['content-type', 'content-disposition', 'cache-control']) {
        expect({ header, value: chosen.headers.get(header) }).toEqual({ header, value: filtered.headers.get(header) });
      }
      expect(chosen.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-06-15.csv"');
      expect(text.startsWith(`\uFEFF${HEADER_EN}\r\n`)).toBe(true);
      expect(numbers(text)).toEqual([...kiel].sort(SORT_COMPARATORS[sort]).map((order) => order.number));
    },
  );

  it('sorts as the list by default (-begin), dates in Europe/Berlin, the header in the language asked', async () => {
    const chosen = german.slice(40, 120);
    const text = await csvOf(await exportChosen({ ids: shuffled(chosen, 11) }, { locale: 'de' }));
    expect(numbers(text)).toEqual([...chosen].sort(SORT_COMPARATORS['-begin']).map((order) => order.number));
    expect(text.startsWith('\uFEFFNummer;Status;Beginn;Ende;')).toBe(true);
    const [, firstRow] = text.split('\r\n');
    const first = [...chosen].sort(SORT_COMPARATORS['-begin'])[0] as Order;
    const berlin = new Date(first.begin).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).replace(', ', ' ');
    expect(firstRow?.split(';')[2]).toBe(berlin);
  });

  it("leaves out another tenant's orders and unknown ids, never telling them apart", async () => {
    const own = german.slice(0, 3);
    const theirs = british.slice(0, 2);
    const unknown = [randomUUID(), randomUUID()];
    const mixed = await csvOf(await exportChosen({ ids: [unknown[0], theirs[0]?.id, ...own.map((order) => order.id), theirs[1]?.id, unknown[1]], sort: 'number' }));
    expect(numbers(mixed)).toEqual(own.map((order) => order.number).sort());
    expect(mixed).toBe(await csvOf(await exportChosen({ ids: own.map((order) => order.id), sort: 'number' })));
    // Only others' orders, or none at all: the header alone, the same answer for both.
    const othersOnly = await csvOf(await exportChosen({ ids: theirs.map((order) => order.id) }));
    expect(othersOnly).toBe(`\uFEFF${HEADER_EN}\r\n`);
    expect(await csvOf(await exportChosen({ ids: unknown }))).toBe(othersOnly);
    // And the other way round.
    const fromBritain = await csvOf(await exportChosen({ ids: [...own, ...theirs].map((order) => order.id), sort: 'number' }, { as: britishToken }));
    expect(numbers(fromBritain)).toEqual(theirs.map((order) => order.number).sort());
  });

  it('takes 1 000 ids, an id in capitals as the same order; refuses 1 001 and none', async () => {
    const ids = [...german.map((order) => order.id.toUpperCase()), ...Array.from({ length: 1000 - german.length }, () => randomUUID())];
    expect(ids).toHaveLength(1000);
    const text = await csvOf(await exportChosen({ ids, sort: 'number' }));
    expect(numbers(text)).toEqual(german.map((order) => order.number).sort());
    for (const [body, field, message] of [
      [{ ids: [...ids, randomUUID()] }, 'ids', 'is invalid'],
      [{ ids: [] }, 'ids', 'is invalid'],
    ] as const) {
      const problem = await expectProblem(await exportChosen(body), 400);
      expect(problem.errors).toEqual([{ field, message }]);
    }
  });

  it.each([
    ['no ids', { sort: 'number' }, [{ field: 'ids', message: 'is required' }]],
    ['ids not a list', { ids: 'all' }, [{ field: 'ids', message: 'must be of type array' }]],
    ['an id that is no UUID', { ids: ['0190a1b2-0000-7000-8000-000000000001', 'AN-2026-000001'] }, [{ field: 'ids[1]', message: 'is invalid' }]],
    ['an id that is a number', { ids: [12] }, [{ field: 'ids[0]', message: 'must be of type string' }]],
    ['an unknown field', { ids: ['0190a1b2-0000-7000-8000-000000000001'], status: ['new'] }, [{ field: 'status', message: 'is not a known field' }]],
    ['an unknown sort', { ids: ['0190a1b2-0000-7000-8000-000000000001'], sort: 'customer' }, [{ field: 'sort', message: expect.stringContaining('must be one of') }]],
    ['an unknown zone', { ids: ['0190a1b2-0000-7000-8000-000000000001'], tz: 'Mars/Olympus' }, [{ field: 'tz', message: 'must be an IANA time zone, e.g. Europe/Berlin' }]],
    [
      'an order named twice (in other letters) and an unknown zone',
      { ids: ['0190a1b2-0000-7000-8000-00000000000a', '0190A1B2-0000-7000-8000-00000000000A'], tz: '../etc' },
      [
        { field: 'ids', message: 'must name each order once' },
        { field: 'tz', message: 'must be an IANA time zone, e.g. Europe/Berlin' },
      ],
    ],
  ])('answers 400 naming the field for %s', async (_label, body, errors) => {
    const problem = await expectProblem(await exportChosen(body), 400);
    expect(problem.errors).toEqual(errors);
  });

  it('answers 400 for a body that is no JSON, 415 for one of another type', async () => {
    await expectProblem(await exportChosen('{"ids": [', {}), 400);
    await expectProblem(await exportChosen('ids=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
  });

  it('is open to every role that may export; 401 without a token', async () => {
    const own = german.slice(0, 2).map((order) => order.id);
    expect(numbers(await csvOf(await exportChosen({ ids: own }, { as: (await login(server, GERMAN_ADMIN_EMAIL)).token })))).toHaveLength(2);
    const viewer = (await login(server, BRITISH_VIEWER_EMAIL)).token;
    expect(numbers(await csvOf(await exportChosen({ ids: british.slice(0, 3).map((order) => order.id) }, { as: viewer })))).toHaveLength(3);
    await expectProblem(await call(server, '/api/orders/export.csv', { method: 'POST', body: { ids: own } }), 401);
  });
});
