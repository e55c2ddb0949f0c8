import type { RunningServer } from '../../../server/startServer';
import type { NewOrder } from '../../../shared/NewOrder';
import type { Order } from '../../../shared/Order';
import { MAX_ORDER_DAYS } from '../../../shared/orderSpan';
import { BOOKING, insertOrder, tenantOf } from '../support/orderFixtures';
import { call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A long-term rental booked for a year (2032 is a leap year: 366 days). */
const RENTAL: NewOrder = {
  ...BOOKING,
  vehicle: { ...BOOKING.vehicle, licensePlate: 'HH-GL 2032' },
  service: 'Langzeitmiete',
  begin: '2032-01-01T08:00:00.000Z',
  end: '2033-01-01T08:00:00.000Z',
  price: { amount: 1_200_000, currency: 'EUR' },
  notes: '',
};

const EN = [
  { field: 'begin', message: `must be at most ${MAX_ORDER_DAYS} days before end: an order lasts at most ${MAX_ORDER_DAYS} days` },
  { field: 'end', message: `must be at most ${MAX_ORDER_DAYS} days after begin: an order lasts at most ${MAX_ORDER_DAYS} days` },
];
const DE = [
  { field: 'begin', message: `darf höchstens ${MAX_ORDER_DAYS} Tage vor end liegen: ein Auftrag dauert höchstens ${MAX_ORDER_DAYS} Tage` },
  { field: 'end', message: `darf höchstens ${MAX_ORDER_DAYS} Tage nach begin liegen: ein Auftrag dauert höchstens ${MAX_ORDER_DAYS} Tage` },
];

describe('how long an order may last', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let tenantId: string;

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 5 });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const countOrders = async () => Number((await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]?.n);
  const create = (body: NewOrder, locale: 'de' | 'en' = 'en') => call(server, '/api/orders', { token, body, locale });
  const patch = (order: Order, body: object, locale: 'de' | 'en' = 'en') =>
    call(server, `/api/orders/${order.id}`, { method: 'PATCH', token, body, locale, headers: { 'if-match': `"${order.version}"` } });
  const get = async (id: string) => (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;

  it(`creates an order of exactly ${MAX_ORDER_DAYS} days, and refuses one a millisecond longer with 422 naming begin and end, in either language`, async () => {
    expect((await create(RENTAL)).status).toBe(201);
    const before = await countOrders();
    const longer = { ...RENTAL, end: '2033-01-01T08:00:00.001Z' };
    expect((await expectProblem(await create(longer), 422)).errors).toEqual(EN);
    expect((await expectProblem(await create({ ...RENTAL, begin: '2000-01-01T00:00:00Z', end: '2100-12-31T23:59:59Z' }, 'de'), 422)).errors).toEqual(DE);
    expect(await countOrders()).toBe(before);
  });

  it('refuses a change of begin or end that would make the order longer, naming both, and changes nothing', async () => {
    // Another vehicle: the rental of the first test has this one for the year.
    const vehicle = { ...RENTAL.vehicle, licensePlate: 'HH-GL 2033' };
    const order = (await (await create({ ...RENTAL, vehicle, begin: '2032-03-01T08:00:00Z', end: '2032-03-01T10:00:00Z' })).json()) as Order;
    expect((await expectProblem(await patch(order, { end: '2033-03-02T10:00:00Z' }), 422)).errors).toEqual(EN);
    expect((await expectProblem(await patch(order, { begin: '2031-02-28T08:00:00Z' }, 'de'), 422)).errors).toEqual(DE);
    expect((await expectProblem(await patch(order, { begin: '2000-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z', notes: 'x' }), 422)).errors).toEqual(EN);
    expect(await get(order.id)).toEqual(order);
    const year = new Date(Date.parse(order.begin) + MAX_ORDER_DAYS * DAY_MS).toISOString();
    expect((await patch(order, { end: year })).status).toBe(200);
  });

  it('keeps an order stored longer before the bound changeable (also moved in bulk) in everything but a span that is still too long', async () => {
    const century = await get(await insertOrder(server, tenantId, { begin: '2000-01-01T00:00:00.000Z', end: '2100-12-31T23:59:59.999Z' }));
    const noted = await patch(century, { notes: 'Altbestand', status: 'confirmed' });
    expect(noted.status).toBe(200);
    const current = (await noted.json()) as Order;
    expect((await expectProblem(await patch(current, { end: '2099-12-31T00:00:00Z' }), 422)).errors).toEqual(EN);
    const bulk = await call(server, '/api/orders/bulk-status', { token, body: { status: 'in_progress', orders: [{ id: current.id, version: current.version }] } });
    expect(((await bulk.json()) as { results: { outcome: string }[] }).results.map((result) => result.outcome)).toEqual(['changed']);
    const moved = await get(century.id);
    expect([moved.status, moved.begin, moved.end]).toEqual(['in_progress', century.begin, century.end]);
    expect((await patch(moved, { begin: '2100-06-01T00:00:00Z' })).status).toBe(200);
  });
});
