import type { RunningServer } from '../../../server/startServer';
import type { DoubleBookings } from '../../../shared/DoubleBookings';
import type { NewOrder } from '../../../shared/NewOrder';
import type { Order, OrderPage } from '../../../shared/Order';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { PLATE_LOCK_SQL } from '../../../server/orders/doubleBookingSql';
import { BOOKING, insertOrder, tenantOf } from '../support/orderFixtures';
import { describeOnPostgres } from '../support/scratchDatabase';
import { BRITISH_EMAIL, BRITISH_VIEWER_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

const PROBLEM_TYPE = 'urn:order-cockpit:problem:double-booking';

describe('double bookings', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let viewerToken: string;
  let tenantId: string;
  let britishTenantId: string;

  /** A day of its own for each test, far from the demo orders: `hour(8)` is 08:00 UTC of it. */
  let day = 0;
  let hour: (h: number, minute?: number) => string;
  const nextDay = () => {
    day += 1;
    const base = Date.UTC(2032, 0, day);
    hour = (h, minute = 0) => new Date(base + h * 3_600_000 + minute * 60_000).toISOString();
  };

  const get = async (id: string): Promise<Order> => (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;
  const patch = (order: Order, body: unknown, locale: 'de' | 'en' = 'en') =>
    call(server, `/api/orders/${order.id}`, { method: 'PATCH', token, body, locale, headers: { 'if-match': `"${order.version}"` } });
  const create = (changes: Partial<NewOrder> & { confirmDoubleBooking?: boolean }) => call(server, '/api/orders', { token, body: { ...BOOKING, ...changes }, locale: 'en' });
  const booked = async (plate: string, begin: string, end: string, status: OrderStatus = 'new', tenant = tenantId): Promise<Order> => {
    const id = await insertOrder(server, tenant, { plate, begin, end, status });
    return tenant === tenantId ? get(id) : ({ id } as Order);
  };
  const idsOf = async (response: Response) => ((await response.json()) as OrderPage).items.map((order) => order.id);
  const listDoubleBooked = (begin: string, end: string, as = token) =>
    call(server, `/api/orders?begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}&doubleBooked=true&sort=begin`, { token: as });
  const doubleBookings = (from: string, to: string, as = token) =>
    call(server, `/api/orders/double-bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { token: as });

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 20 });
    token = (await login(server, GERMAN_EMAIL)).token;
    viewerToken = (await login(server, BRITISH_VIEWER_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
    britishTenantId = await tenantOf(server, BRITISH_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  beforeEach(() => nextDay());

  it('refuses a change of times that double-books the vehicle with a 409 naming the other order, and changes nothing', async () => {
    const other = await booked('KI-DB 1', hour(8), hour(10));
    const order = await booked('KI-DB 1', hour(10), hour(12));
    const response = await patch(order, { begin: hour(9, 59) });
    const problem = await expectProblem(response, 409);
    expect(problem).toEqual({
      type: PROBLEM_TYPE,
      title: 'Vehicle already booked',
      status: 409,
      detail: expect.stringContaining(other.number),
      errors: [{ field: 'vehicle.licensePlate', message: `is booked by order ${other.number} at an overlapping time` }],
      otherOrder: { id: other.id, number: other.number, begin: hour(8), end: hour(10), status: 'new' },
    });
    expect(problem.detail).toContain(hour(8));
    expect(await get(order.id)).toEqual(order);
    const history = await server.database.query('SELECT 1 FROM order_history WHERE order_id = $1', [order.id]);
    expect(history).toHaveLength(0);
  });

  it('says it in German', async () => {
    const other = await booked('KI-DB 2', hour(8), hour(10));
    const order = await booked('KI-DB 2', hour(11), hour(12));
    const problem = await expectProblem(await patch(order, { begin: hour(9), end: hour(11) }, 'de'), 409);
    expect(problem.title).toBe('Fahrzeug bereits gebucht');
    expect(problem.errors).toEqual([{ field: 'vehicle.licensePlate', message: `ist von Auftrag ${other.number} zu einer überschneidenden Zeit gebucht` }]);
  });

  it('saves the change when it is confirmed', async () => {
    await booked('KI-DB 3', hour(8), hour(10));
    const order = await booked('KI-DB 3', hour(10), hour(12));
    const response = await patch(order, { begin: hour(9), confirmDoubleBooking: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ begin: hour(9), version: order.version + 1 });
  });

  it('lets an order end where the other begins (half-open times), and refuses one minute of overlap', async () => {
    const other = await booked('KI-DB 4', hour(10), hour(12));
    const before = await booked('KI-DB 4', hour(6), hour(8));
    const touching = await patch(before, { end: hour(10) });
    expect(touching.status).toBe(200);
    const after = await booked('KI-DB 4', hour(14), hour(16));
    expect((await patch(after, { begin: hour(12) })).status).toBe(200);
    const moved = await get(before.id);
    const overlapping = await expectProblem(await patch(moved, { end: hour(10, 1) }), 409);
    expect(overlapping.otherOrder).toMatchObject({ id: other.id });
  });

  it('counts neither cancelled nor completed orders, on either side', async () => {
    await booked('KI-DB 5', hour(8), hour(12), 'cancelled');
    await booked('KI-DB 5', hour(8), hour(12), 'completed');
    const order = await booked('KI-DB 5', hour(13), hour(14));
    expect((await patch(order, { begin: hour(9) })).status).toBe(200);
    await booked('KI-DB 5', hour(15), hour(16));
    const cancelled = await booked('KI-DB 5', hour(17), hour(18), 'cancelled');
    expect((await patch(cancelled, { begin: hour(15) })).status).toBe(200);
    // An order cancelled by the same change does not count either.
    const confirmed = await booked('KI-DB 5', hour(19), hour(20), 'confirmed');
    expect((await patch(confirmed, { begin: hour(15), status: 'cancelled' })).status).toBe(200);
  });

  it("does not count another tenant's order of the same plate", async () => {
    await booked('KI-DB 6', hour(8), hour(12), 'new', britishTenantId);
    const order = await booked('KI-DB 6', hour(13), hour(14));
    expect((await patch(order, { begin: hour(9) })).status).toBe(200);
  });

  it('compares plates upper-cased, without spaces and hyphens', async () => {
    const other = await booked('ki-db 7', hour(8), hour(12));
    const order = await booked('KIDB7', hour(13), hour(14));
    const problem = await expectProblem(await patch(order, { begin: hour(9) }), 409);
    expect(problem.otherOrder).toMatchObject({ id: other.id });
    const response = await create({ vehicle: { ...BOOKING.vehicle, licensePlate: 'Ki - Db7' }, begin: hour(11), end: hour(13) });
    expect((await expectProblem(response, 409)).otherOrder).toMatchObject({ id: other.id });
  });

  it('names the overlapping order beginning first', async () => {
    await booked('KI-DB 8', hour(10), hour(11));
    const first = await booked('KI-DB 8', hour(8), hour(12));
    const problem = await expectProblem(await create({ vehicle: { ...BOOKING.vehicle, licensePlate: 'KI-DB 8' }, begin: hour(9), end: hour(13) }), 409);
    expect(problem.otherOrder).toMatchObject({ id: first.id, begin: hour(8) });
  });

  it('never refuses a change of notes, station or status alone', async () => {
    await booked('KI-DB 9', hour(8), hour(12));
    let order = await booked('KI-DB 9', hour(9), hour(10));
    for (const body of [{ notes: 'Reifen im Kofferraum' }, { station: 'Lübeck' }, { status: 'confirmed' }, { notes: 'x', station: 'Kiel', status: 'in_progress' }]) {
      const response = await patch(order, body);
      expect(response.status).toBe(200);
      order = (await response.json()) as Order;
    }
    // The same times sent again are no change of times either.
    expect((await patch(order, { begin: hour(9), end: hour(10) })).status).toBe(200);
  });

  it('refuses a new order that double-books the vehicle, creates nothing, and creates it when confirmed', async () => {
    const other = await booked('KI-DB 10', hour(8), hour(12));
    const body = { vehicle: { ...BOOKING.vehicle, licensePlate: 'KI-DB 10' }, begin: hour(11), end: hour(13) };
    const count = async () => (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE vehicle_plate = 'KI-DB 10'"))[0]?.n;
    const problem = await expectProblem(await create(body), 409);
    expect(problem).toMatchObject({ type: PROBLEM_TYPE, otherOrder: { id: other.id, number: other.number }, errors: [{ field: 'vehicle.licensePlate' }] });
    expect(await count()).toBe(1);
    expect((await create({ ...body, begin: hour(12), end: hour(13) })).status).toBe(201);
    expect((await create({ ...body, confirmDoubleBooking: true })).status).toBe(201);
    expect(await count()).toBe(3);
  });

  it('lets exactly one of five concurrent creates for one plate through unconfirmed', async () => {
    const body = { vehicle: { ...BOOKING.vehicle, licensePlate: 'KI-DB 11' }, begin: hour(8), end: hour(10) };
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(body)));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('lets exactly one of five concurrent changes of times of one plate through unconfirmed', async () => {
    const orders = await Promise.all([14, 15, 16, 17, 18].map((h) => booked('KI-DB 12', hour(h), hour(h, 30))));
    const responses = await Promise.all(orders.map((order) => patch(order, { begin: hour(8), end: hour(9) })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  // Another connection holds the plate's lock (the embedded database has one connection only).
  describeOnPostgres('the lock of a plate', () => {
    it('is not waited for by a change of notes, station or status; a change of times waits for it', async () => {
      let order = await booked('KI-DB 20', hour(8), hour(9));
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = () => {};
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = server.database.transaction(async (tx) => {
        await tx.query(PLATE_LOCK_SQL, [tenantId, 'kidb20']);
        held();
        await released;
      });
      await holding;
      try {
        for (const body of [{ notes: 'ohne Warten' }, { station: 'Lübeck' }, { status: 'confirmed' }]) {
          const response = await patch(order, body);
          expect(response.status).toBe(200);
          order = (await response.json()) as Order;
        }
        let answered = false;
        const times = patch(order, { begin: hour(7) }).then((response) => ((answered = true), response));
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(answered).toBe(false);
        release();
        expect((await times).status).toBe(200);
      } finally {
        release();
        await holder;
      }
    });
  });

  it('lists only double-booked orders with doubleBooked=true, counted as such', async () => {
    const a = await booked('KI-DB 13', hour(8), hour(10));
    const b = await booked('KI-DB 13', hour(9), hour(11));
    await booked('KI-DB 13', hour(11), hour(12));
    await booked('KI-DB 13', hour(9), hour(10), 'cancelled');
    await booked('KI-DB 14', hour(8), hour(12));
    const response = await listDoubleBooked(hour(0), hour(23));
    expect(response.status).toBe(200);
    const page = (await response.clone().json()) as OrderPage;
    expect(await idsOf(response)).toEqual([a.id, b.id]);
    expect(page.total).toBe(2);
    const all = await call(server, `/api/orders?begin=${encodeURIComponent(hour(0))}&end=${encodeURIComponent(hour(23))}&doubleBooked=false`, { token });
    expect(((await all.json()) as OrderPage).total).toBe(5);
    // The same filter exports the same orders.
    const csv = await call(server, `/api/orders/export.csv?begin=${encodeURIComponent(hour(0))}&end=${encodeURIComponent(hour(23))}&doubleBooked=true`, { token });
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\n')).toHaveLength(3);
  });

  it('answers the double-booked orders of a range, by begin, to every role', async () => {
    const a = await booked('KI-DB 15', hour(8), hour(10));
    const b = await booked('KI-DB 15', hour(9), hour(11));
    const c = await booked('KI-DB 16', hour(20), hour(22));
    const d = await booked('ki db16', hour(21), hour(23));
    const response = await doubleBookings(hour(0), hour(24));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orderIds: [a.id, b.id, c.id, d.id] });
    // [from, to): an order ending at `from` or beginning at `to` is not in it.
    expect(await (await doubleBookings(hour(10, 30), hour(20))).json()).toEqual({ orderIds: [b.id] });
    expect(await (await doubleBookings(hour(11), hour(21))).json()).toEqual({ orderIds: [c.id] });
    // The British tenant's viewer reads its own tenant's, none of these.
    const viewer = await doubleBookings(hour(0), hour(24), viewerToken);
    expect(viewer.status).toBe(200);
    expect(await viewer.json()).toEqual({ orderIds: [] });
  });

  it('refuses a reversed range', async () => {
    const problem = await expectProblem(await doubleBookings(hour(12), hour(8)), 400);
    expect(problem.errors).toEqual([{ field: 'from', message: 'must not be after end' }]);
  });

  it('says when more than 5 000 orders are double-booked', async () => {
    // 2 501 pairs of one plate each, of the British tenant.
    await server.database.query(
      `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email,
         customer_phone, vehicle_plate, vehicle_make, vehicle_model, price_amount, price_currency, notes)
       SELECT gen_random_uuid(), $1::uuid, 'TR-' || n, 'new', $2::timestamptz + (n % 2) * interval '1 minute', $2::timestamptz + interval '1 hour',
         'Kiel', 'Inspektion', 'Test', 'test@example.de', '+49 431 1234567', 'TR ' || (n / 2), 'Opel', 'Corsa', 100, 'EUR', ''
       FROM generate_series(0, 5001) AS n`,
      [britishTenantId, hour(8)],
    );
    // As the seed leaves the orders after a load: their statistics known.
    await server.database.exec('ANALYZE orders');
    const answer = (await (await doubleBookings(hour(0), hour(24), viewerToken)).json()) as DoubleBookings;
    expect(answer.truncated).toBe(true);
    expect(answer.orderIds).toHaveLength(5000);
    expect(new Set(answer.orderIds).size).toBe(5000);
  }, 60_000);
});
