import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import type { OrderHistoryPage } from '../../../shared/OrderHistory';
import { EventStreamClient } from '../support/eventStream';
import { BOOKING, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, BRITISH_VIEWER_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

describe('POST /api/orders', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let user: { id: string; name: string };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 20 });
    const login1 = await login(server, GERMAN_EMAIL);
    token = login1.token;
    user = login1.user;
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const create = (body: unknown, options: { key?: string; as?: string; locale?: 'de' | 'en' } = {}) =>
    call(server, '/api/orders', {
      token: options.as ?? token,
      body,
      locale: options.locale ?? 'en',
      headers: options.key === undefined ? {} : { 'idempotency-key': options.key },
    });
  /** The booking once more, its double booking of the vehicle confirmed: these tests are about numbers and keys. */
  const AGAIN = { ...BOOKING, confirmDoubleBooking: true };
  const countOrders = async () => Number((await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]?.n);

  it('creates a new order numbered in the tenant\'s sequence, with Location, ETag, its event and its history', async () => {
    const stream = await EventStreamClient.open(server, { token });
    await stream.until((c) => c.opening !== undefined, 5000, 'the stream to start');

    const response = await create(BOOKING);
    expect(response.status).toBe(201);
    const order = (await response.json()) as Order;
    expect(response.headers.get('location')).toBe(`/api/orders/${order.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(order).toMatchObject({
      status: 'new',
      version: 1,
      customer: BOOKING.customer,
      vehicle: BOOKING.vehicle,
      station: 'Hamburg-Altona',
      price: { amount: 24900, currency: 'EUR' },
      begin: '2031-03-04T07:00:00.000Z',
      createdAt: clock.now().toISOString(),
    });
    expect(order.number).toMatch(/^AN-2026-\d{6,}$/);
    // Numbered after the tenant's highest number of the year.
    const [highest] = await server.database.query<{ number: string }>(
      "SELECT max(number) AS number FROM orders WHERE tenant_id = $1 AND number LIKE 'AN-2026-%'",
      [await tenantOf(server, GERMAN_EMAIL)],
    );
    expect(highest?.number).toBe(order.number);

    await stream.until((c) => c.events.some((event) => event.event === 'order.created'), 5000, 'order.created');
    const created = JSON.parse(stream.events.find((event) => event.event === 'order.created')?.data ?? '{}') as Order & { by: unknown };
    expect(created).toMatchObject({ id: order.id, number: order.number, by: { type: 'user', id: user.id, name: user.name } });
    stream.abort();

    const history = (await (await call(server, `/api/orders/${order.id}/history`, { token })).json()) as OrderHistoryPage;
    expect(history).toEqual({ items: [{ id: expect.any(String), kind: 'created', at: order.createdAt, by: { type: 'user', id: user.id, name: user.name }, changes: [] }], nextCursor: null });
  });

  it('never gives two orders one number, however many are created at once', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, (_, index) => create({ ...AGAIN, notes: `Parallel ${index}` })));
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    const numbers = await Promise.all(responses.map(async (response) => ((await response.json()) as Order).number));
    expect(new Set(numbers).size).toBe(12);
  });

  it('creates once for a retried Idempotency-Key and answers the same order; the key with another body is refused', async () => {
    const before = await countOrders();
    const first = await create(AGAIN, { key: 'f3c6a1e2-retry' });
    const firstOrder = (await first.json()) as Order;
    const [again, atOnce] = await Promise.all([create(AGAIN, { key: 'f3c6a1e2-retry' }), create(AGAIN, { key: 'f3c6a1e2-retry' })]);
    for (const response of [again, atOnce]) {
      expect(response.status).toBe(201);
      expect(response.headers.get('idempotent-replayed')).toBe('true');
      expect(((await response.json()) as Order).id).toBe(firstOrder.id);
    }
    expect(await countOrders()).toBe(before + 1);

    const other = await expectProblem(await create({ ...AGAIN, notes: 'anders' }, { key: 'f3c6a1e2-retry' }), 422);
    expect(other.errors?.[0]?.field).toBe('Idempotency-Key');
    // Another user's same key is theirs.
    const british = await login(server, BRITISH_EMAIL);
    expect((await create(AGAIN, { key: 'f3c6a1e2-retry', as: british.token })).status).toBe(201);
    expect(await countOrders()).toBe(before + 2);

    // After 24 hours the key is free again.
    clock.advance(24 * 60 * 60 * 1000 + 1);
    token = (await login(server, GERMAN_EMAIL)).token;
    const later = await create(AGAIN, { key: 'f3c6a1e2-retry' });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(((await later.json()) as Order).id).not.toBe(firstOrder.id);
  });

  it('concurrent creates with one key make one order', async () => {
    const before = await countOrders();
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(AGAIN, { key: 'parallel-key-1' })));
    const ids = await Promise.all(responses.map(async (response) => ((await response.json()) as Order).id));
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    expect(new Set(ids).size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
  });

  it('names every field in error at once, translated, and creates nothing', async () => {
    const before = await countOrders();
    const body = {
      ...BOOKING,
      customer: { name: '  ', email: 'kein-mail', phone: '12' },
      vehicle: { licensePlate: 'HH-X 1', make: 'VW', model: 'Golf', vin: 'WVWZZZ1JZ3W38675O' },
      begin: '2031-03-05T10:00:00Z',
      end: '2031-03-05T09:00:00Z',
      price: { amount: -1, currency: 'EUR' },
      notes: 'n'.repeat(2001),
    };
    const problem = await expectProblem(await create(body), 422);
    expect(problem.errors?.map((error) => error.field)).toEqual(['customer.name', 'notes', 'customer.email', 'customer.phone', 'vehicle.vin', 'price.amount', 'begin', 'end']);
    const german = await expectProblem(await create(body, { locale: 'de' }), 422);
    expect(german.errors?.[0]).toEqual({ field: 'customer.name', message: 'darf nicht leer sein' });
    expect(await countOrders()).toBe(before);
  });

  it('refuses a body of another shape with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ ...BOOKING, status: 'completed' }, 'status'],
      [{ ...BOOKING, price: { amount: 100, currency: 'USD' } }, 'price.currency'],
      [{ ...BOOKING, price: { amount: 1.5, currency: 'EUR' } }, 'price.amount'],
      [{ ...BOOKING, begin: 'morgen' }, 'begin'],
      [{ ...BOOKING, station: 'Altona\u0000' }, 'station'],
      [{ ...BOOKING, customer: { name: 'x', email: 'x@y.example' } }, 'customer.phone'],
    ] as const) {
      const problem = await expectProblem(await create(body), 400);
      expect(problem.errors?.map((error) => error.field)).toContain(field);
    }
    await expectProblem(await create(BOOKING, { key: 'with space' }), 400);
  });

  it('is an operator\'s: a viewer is refused and nothing is created', async () => {
    const before = await countOrders();
    const viewer = await login(server, BRITISH_VIEWER_EMAIL);
    await expectProblem(await create(BOOKING, { as: viewer.token }), 403);
    expect(await countOrders()).toBe(before);
  });
});
