import type { RunningServer } from '../../../server/startServer';
import type { Order, OrderPage } from '../../../shared/Order';
import { seededRange, withRange } from '../support/orderRange';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

describe('GET /api/orders/{id}', () => {
  let server: RunningServer;
  let germanToken: string;
  let britishToken: string;
  let german: Order[];
  let british: Order[];

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 20 });
    germanToken = (await login(server, GERMAN_EMAIL)).token;
    britishToken = (await login(server, BRITISH_EMAIL)).token;
    const orders = withRange('/api/orders', seededRange());
    german = ((await (await call(server, orders, { token: germanToken })).json()) as OrderPage).items;
    british = ((await (await call(server, orders, { token: britishToken })).json()) as OrderPage).items;
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('answers the order as the list shows it, with its version as ETag', async () => {
    for (const order of german.slice(0, 5)) {
      const response = await call(server, `/api/orders/${order.id}`, { token: germanToken });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('etag')).toBe(`"${order.version}"`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual(order);
    }
  });

  it.each([
    ['an unknown id', '01900000-0000-7000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['a number', '42'],
    ['an id with a trailing character', '01900000-0000-7000-8000-0000000000001'],
  ])('answers 404 for %s', async (_label, id) => {
    const body = await expectProblem(await call(server, `/api/orders/${id}`, { token: germanToken }), 404);
    expect(body).toEqual(expect.objectContaining({ type: 'urn:order-cockpit:problem:order-not-found', title: 'Order not found' }));
    const german = await expectProblem(await call(server, `/api/orders/${id}`, { token: germanToken, locale: 'de' }), 404);
    expect(german.title).toBe('Auftrag nicht gefunden');
  });

  it("answers 404, never 403, for another tenant's order", async () => {
    const other = british[0] as Order;
    const response = await call(server, `/api/orders/${other.id}`, { token: germanToken });
    const body = await expectProblem(response, 404);
    expect(JSON.stringify(body)).not.toContain(other.number);
    expect((await call(server, `/api/orders/${other.id}`, { token: britishToken })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    await expectProblem(await call(server, `/api/orders/${(german[0] as Order).id}`), 401);
  });
});
