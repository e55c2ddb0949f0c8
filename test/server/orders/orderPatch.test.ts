import type { RunningServer } from '../../../server/startServer';
import type { Order, OrderPage } from '../../../shared/Order';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { insertOrder, statisticsDrift, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

const TIMESTAMP_MESSAGE = 'must be an RFC 3339 timestamp with offset between the years 2000 and 2100, e.g. 2026-01-31T08:00:00Z';

describe('PATCH /api/orders/{id}', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let britishToken: string;
  let tenantId: string;

  const get = async (id: string, as = token): Promise<Order> => {
    const response = await call(server, `/api/orders/${id}`, { token: as });
    expect(response.status).toBe(200);
    return (await response.json()) as Order;
  };
  const patch = (id: string, body: unknown, options: { version?: number | string | null; locale?: 'de' | 'en'; token?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (options.version !== null && options.version !== undefined) {
      headers['if-match'] = typeof options.version === 'number' ? `"${options.version}"` : options.version;
    }
    return call(server, `/api/orders/${id}`, { method: 'PATCH', token: options.token ?? token, body, locale: options.locale, headers });
  };
  /** A fresh order of the German tenant in `status`, far from the demo orders. */
  let day = 0;
  const fresh = async (status: OrderStatus = 'new'): Promise<Order> => {
    day += 1;
    const begin = new Date(Date.UTC(2030, 0, day, 8)).toISOString();
    const end = new Date(Date.UTC(2030, 0, day, 12)).toISOString();
    return get(await insertOrder(server, tenantId, { begin, end, status, notes: 'Bitte anrufen.' }));
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 20 });
    token = (await login(server, GERMAN_EMAIL)).token;
    britishToken = (await login(server, BRITISH_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('changes notes, station, begin and end; raises the version, sets updatedAt and a new ETag', async () => {
    const order = await fresh();
    clock.advance(60_000);
    const body = { notes: 'Kunde wartet; "dringend"', station: '  Lübeck  ', begin: '2030-01-01T07:30:00Z', end: '2030-01-01T13:15:00.250Z' };
    const response = await patch(order.id, body, { version: order.version });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(`"${order.version + 1}"`);
    const changed = (await response.json()) as Order;
    expect(changed).toEqual({
      ...order,
      notes: body.notes,
      station: 'Lübeck',
      begin: '2030-01-01T07:30:00.000Z',
      end: '2030-01-01T13:15:00.250Z',
      version: order.version + 1,
      updatedAt: clock.now().toISOString(),
    });
    expect(await get(order.id)).toEqual(changed);
  });

  it('moves the status along its life cycle, one allowed step at a time', async () => {
    let order = await fresh('new');
    for (const status of ['confirmed', 'in_progress', 'completed'] as const) {
      const response = await patch(order.id, { status }, { version: order.version });
      expect(response.status).toBe(200);
      order = (await response.json()) as Order;
      expect(order.status).toBe(status);
    }
    const cancelled = await fresh('confirmed');
    expect((await patch(cancelled.id, { status: 'cancelled' }, { version: cancelled.version })).status).toBe(200);
  });

  it('answers 422 for a transition that is not allowed, naming the allowed states, and changes nothing', async () => {
    const order = await fresh('new');
    const response = await patch(order.id, { status: 'completed', notes: 'fertig' }, { version: order.version });
    const body = await expectProblem(response, 422);
    expect(body.errors).toEqual([{ field: 'status', message: 'cannot change from new to completed; allowed: confirmed, cancelled' }]);
    expect(body.allowed).toEqual(['confirmed', 'cancelled']);
    expect(await get(order.id)).toEqual(order);

    const done = await fresh('completed');
    const german = await expectProblem(await patch(done.id, { status: 'new' }, { version: done.version, locale: 'de' }), 422);
    expect(german.title).toBe('Ungültiger Wert');
    expect(german.errors).toEqual([{ field: 'status', message: 'Wechsel von completed zu new nicht möglich; erlaubt: keiner' }]);
    expect(german.allowed).toEqual([]);
  });

  it('answers 422 when begin would be after end, naming both whichever was sent, and changes nothing', async () => {
    const order = await fresh();
    const onlyBegin = await expectProblem(await patch(order.id, { begin: '2030-02-01T00:00:00Z' }, { version: order.version }), 422);
    expect(onlyBegin.errors).toEqual([
      { field: 'begin', message: 'must not be after end' },
      { field: 'end', message: 'must not be before begin' },
    ]);
    const onlyEnd = await expectProblem(await patch(order.id, { end: '2029-12-01T00:00:00Z' }, { version: order.version, locale: 'de' }), 422);
    expect(onlyEnd.errors).toEqual([
      { field: 'begin', message: 'darf nicht nach end liegen' },
      { field: 'end', message: 'darf nicht vor begin liegen' },
    ]);
    const both = await expectProblem(
      await patch(order.id, { begin: '2030-03-02T00:00:00Z', end: '2030-03-01T00:00:00Z', notes: 'x' }, { version: order.version }),
      422,
    );
    expect(both.errors).toEqual([
      { field: 'begin', message: 'must not be after end' },
      { field: 'end', message: 'must not be before begin' },
    ]);
    expect(await get(order.id)).toEqual(order);
    // Equal begin and end are fine.
    expect((await patch(order.id, { begin: order.end }, { version: order.version })).status).toBe(200);
  });

  it('answers 422 for values out of bounds, naming every field at once', async () => {
    const order = await fresh();
    const body = await expectProblem(
      await patch(order.id, { notes: 'x'.repeat(2001), station: '   ', status: 'open' }, { version: order.version }),
      422,
    );
    expect(body.errors).toEqual([
      { field: 'status', message: 'must be one of: new, confirmed, in_progress, completed, cancelled' },
      { field: 'notes', message: 'must have at most 2000 characters' },
      { field: 'station', message: 'must not be empty' },
    ]);
    const long = await expectProblem(await patch(order.id, { station: 'S'.repeat(101) }, { version: order.version }), 422);
    expect(long.errors).toEqual([{ field: 'station', message: 'must have at most 100 characters' }]);
    expect((await patch(order.id, { notes: 'ü'.repeat(2000) }, { version: order.version })).status).toBe(200);
  });

  it.each([
    [{ notes: 'x', colour: 'red' }, [{ field: 'colour', message: 'is not a known field' }]],
    [{ price: { amount: 1, currency: 'EUR' } }, [{ field: 'price', message: 'is not a known field' }]],
    [{ begin: 'tomorrow' }, [{ field: 'begin', message: TIMESTAMP_MESSAGE }]],
    [{ end: '2030-01-01' }, [{ field: 'end', message: TIMESTAMP_MESSAGE }]],
    [{ notes: { text: 'x' } }, [{ field: 'notes', message: 'must be of type string' }]],
    [[], [{ field: 'body', message: 'must be of type object' }]],
  ])('answers 400 for %j and changes nothing', async (body, errors) => {
    const order = await fresh();
    const problem = await expectProblem(await patch(order.id, body, { version: order.version }), 400);
    expect(problem.errors).toEqual(errors);
    expect(await get(order.id)).toEqual(order);
  });

  it('says what a timestamp must look like in the language of the request', async () => {
    const order = await fresh();
    const problem = await expectProblem(await patch(order.id, { begin: '1999-12-31T23:59:59Z' }, { version: order.version, locale: 'de' }), 400);
    expect(problem.errors).toEqual([
      { field: 'begin', message: 'muss ein RFC-3339-Zeitpunkt mit Zeitzone zwischen den Jahren 2000 und 2100 sein, z. B. 2026-01-31T08:00:00Z' },
    ]);
  });

  it('answers 428 without If-Match (or with *), in the language of the request', async () => {
    const order = await fresh();
    const body = await expectProblem(await patch(order.id, { notes: 'neu' }, { version: null }), 428);
    expect(body).toEqual(expect.objectContaining({ type: 'urn:order-cockpit:problem:precondition-required', title: 'Version required' }));
    const german = await expectProblem(await patch(order.id, { notes: 'neu' }, { version: null, locale: 'de' }), 428);
    expect(german.title).toBe('Version erforderlich');
    await expectProblem(await patch(order.id, { notes: 'neu' }, { version: '*' }), 428);
    expect(await get(order.id)).toEqual(order);
  });

  it('answers 400 for an If-Match that is no entity tag', async () => {
    const order = await fresh();
    const body = await expectProblem(await patch(order.id, { notes: 'neu' }, { version: String(order.version) }), 400);
    expect(body.errors).toEqual([{ field: 'If-Match', message: 'must be the version of the order in quotes, e.g. "3"' }]);
  });

  it('answers 412 for a stale version with the current order in the body, and changes nothing', async () => {
    const order = await fresh();
    const first = await patch(order.id, { notes: 'erste Änderung' }, { version: order.version });
    expect(first.status).toBe(200);
    const current = (await first.json()) as Order;

    const stale = await patch(order.id, { notes: 'zweite Änderung' }, { version: order.version, locale: 'de' });
    const body = await expectProblem(stale, 412);
    expect(body.type).toBe('urn:order-cockpit:problem:precondition-failed');
    expect(body.title).toBe('Zwischenzeitlich geändert');
    expect(body.current).toEqual(current);
    expect(stale.headers.get('etag')).toBe(`"${current.version}"`);
    // A weak tag never matches.
    await expectProblem(await patch(order.id, { notes: 'dritte' }, { version: `W/"${current.version}"` }), 412);
    // The stale version is checked before the values: a client with an old copy learns the new one first.
    await expectProblem(await patch(order.id, { status: 'completed' }, { version: order.version }), 412);
    expect(await get(order.id)).toEqual(current);
  });

  it('lets exactly one of two concurrent changes with the same If-Match through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await fresh();
      const answers = await Promise.all([
        patch(order.id, { notes: 'von Anna' }, { version: order.version }),
        patch(order.id, { notes: 'von Ben' }, { version: order.version }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
      const winner = (await (answers.find((answer) => answer.status === 200) as Response).json()) as Order;
      const loser = await expectProblem(answers.find((answer) => answer.status === 412) as Response, 412);
      expect(loser.current).toEqual(winner);
      expect(await get(order.id)).toEqual(winner);
      expect(winner.version).toBe(order.version + 1);
    }
  });

  it('answers 200 with the order unchanged (same version) when nothing changes', async () => {
    const order = await fresh();
    const response = await patch(order.id, { notes: order.notes, status: order.status, begin: order.begin }, { version: order.version });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(`"${order.version}"`);
    expect(await response.json()).toEqual(order);
  });

  it("answers 404, never 403, for another tenant's order and changes nothing", async () => {
    const order = await fresh();
    const response = await patch(order.id, { notes: 'fremd' }, { version: order.version, token: britishToken });
    await expectProblem(response, 404);
    expect(await get(order.id)).toEqual(order);
    await expectProblem(await patch('01900000-0000-7000-8000-000000000000', { notes: 'x' }, { version: 1 }), 404);
    await expectProblem(await patch('nonsense', { notes: 'x' }, { version: 1 }), 404);
  });

  it('stores begin and end to the millisecond, as the API shows them', async () => {
    const order = await fresh();
    const response = await patch(order.id, { begin: '2030-01-01T06:00:00.123456Z' }, { version: order.version });
    expect(((await response.json()) as Order).begin).toBe('2030-01-01T06:00:00.123Z');
    const [row] = await server.database.query<{ exact: string }>(
      `SELECT to_char(begin_at AT TIME ZONE 'UTC', 'HH24:MI:SS.US') AS exact FROM orders WHERE id = $1`,
      [order.id],
    );
    expect(row?.exact).toBe('06:00:00.123000');
  });

  it('keeps the list in step: totals by status follow status changes', async () => {
    const range = 'begin=2030-06-01T00:00:00Z&end=2030-06-30T00:00:00Z';
    const ids = [
      await insertOrder(server, tenantId, { begin: '2030-06-10T08:00:00Z', end: '2030-06-10T09:00:00Z', status: 'new' }),
      await insertOrder(server, tenantId, { begin: '2030-06-11T08:00:00Z', end: '2030-06-11T09:00:00Z', status: 'new' }),
    ];
    const total = async (status: string) =>
      ((await (await call(server, `/api/orders?${range}&status=${status}`, { token })).json()) as OrderPage).total;
    expect([await total('new'), await total('confirmed')]).toEqual([2, 0]);
    const order = await get(ids[0] as string);
    expect((await patch(order.id, { status: 'confirmed', begin: '2030-05-31T22:00:00Z' }, { version: order.version })).status).toBe(200);
    expect([await total('new'), await total('confirmed')]).toEqual([1, 1]);
    expect(await statisticsDrift(server)).toEqual([]);
  });
});
