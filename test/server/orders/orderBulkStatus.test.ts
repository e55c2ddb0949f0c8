import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import type { OrderHistoryPage } from '../../../shared/OrderHistory';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { EventStreamClient } from '../support/eventStream';
import { insertOrder, statisticsDrift, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, BRITISH_VIEWER_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

interface BulkAnswer {
  status: OrderStatus;
  results: { id: string; outcome: string; reason?: string; message?: string; order?: Order }[];
}

describe('POST /api/orders/bulk-status', () => {
  let server: RunningServer;
  let token: string;
  let tenantId: string;
  let day = 0;

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 5 });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const fresh = async (status: OrderStatus = 'new', tenant = tenantId): Promise<Order> => {
    day += 1;
    const begin = new Date(Date.UTC(2032, 0, 1, 8) + day * 3_600_000).toISOString();
    const id = await insertOrder(server, tenant, { begin, end: begin, status });
    return (await (await call(server, `/api/orders/${id}`, { token: tenant === tenantId ? token : (await login(server, BRITISH_EMAIL)).token })).json()) as Order;
  };
  const bulk = (body: unknown, as = token) => call(server, '/api/orders/bulk-status', { token: as, body, locale: 'en' });

  it('moves the orders it may, and reports each one it may not, with the reason, leaving it untouched', async () => {
    const [a, b, c, done, gone, foreign] = [await fresh(), await fresh(), await fresh(), await fresh('completed'), await fresh(), await fresh('new', await tenantOf(server, BRITISH_EMAIL))];
    // Someone else changes c meanwhile; gone is deleted.
    const changedC = await call(server, `/api/orders/${c?.id}`, { method: 'PATCH', token, body: { notes: 'dazwischen' }, headers: { 'if-match': `"${c?.version}"` } });
    expect(changedC.status).toBe(200);
    await server.database.query('DELETE FROM orders WHERE id = $1', [gone?.id]);
    const stream = await EventStreamClient.open(server, { token });
    await stream.until((client) => client.opening !== undefined, 5000, 'the stream to start');

    const response = await bulk({
      status: 'confirmed',
      orders: [a, b, c, done, gone, foreign].map((order) => ({ id: order?.id, version: order?.version })),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as BulkAnswer;
    expect(answer.results.map(({ id, outcome, reason }) => ({ id, outcome, reason }))).toEqual([
      { id: a?.id, outcome: 'changed', reason: undefined },
      { id: b?.id, outcome: 'changed', reason: undefined },
      { id: c?.id, outcome: 'refused', reason: 'changed-elsewhere' },
      { id: done?.id, outcome: 'refused', reason: 'not-allowed' },
      { id: gone?.id, outcome: 'refused', reason: 'not-found' },
      { id: foreign?.id, outcome: 'refused', reason: 'not-found' },
    ]);
    expect(answer.results[0]?.order).toMatchObject({ status: 'confirmed', version: 2 });
    expect(answer.results[2]).toMatchObject({ message: 'the order was changed by someone else since you saw it', order: { status: 'new', notes: 'dazwischen' } });
    expect(answer.results[3]?.message).toBe('cannot change from completed to confirmed; allowed: none');

    // Untouched where refused; two events, two history entries by the user.
    const current = async (order?: Order) => ((await (await call(server, `/api/orders/${order?.id}`, { token })).json()) as Order).status;
    expect([await current(a), await current(b), await current(c), await current(done)]).toEqual(['confirmed', 'confirmed', 'new', 'completed']);
    await stream.until((client) => client.events.filter((event) => event.event === 'order.updated').length >= 2, 5000, 'two events');
    stream.abort();
    const history = (await (await call(server, `/api/orders/${a?.id}/history`, { token })).json()) as OrderHistoryPage;
    expect(history.items[0]).toMatchObject({ kind: 'changed', by: { type: 'user' }, changes: [{ field: 'status', from: 'new', to: 'confirmed' }] });
  });

  it('leaves an order already in the status as it is', async () => {
    const order = await fresh('confirmed');
    const answer = (await (await bulk({ status: 'confirmed', orders: [{ id: order.id, version: order.version }] })).json()) as BulkAnswer;
    expect(answer.results).toEqual([{ id: order.id, outcome: 'unchanged', order }]);
  });

  it('moves 1 000 orders in one request', async () => {
    const ids = await server.database.query<{ id: string }>(
      `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email, customer_phone,
         vehicle_plate, vehicle_make, vehicle_model, price_amount, price_currency)
       SELECT gen_random_uuid(), $1, 'BULK-' || g, 'new', '2033-01-01T08:00:00Z', '2033-01-01T09:00:00Z', 'Kiel', 'Inspektion', 'K', 'k@example.de', '+49 431 1',
              'KI-B ' || g, 'VW', 'Golf', 100, 'EUR'
         FROM generate_series(1, 1000) AS g
       RETURNING id::text AS id`,
      [tenantId],
    );
    const answer = (await (await bulk({ status: 'cancelled', orders: ids.map(({ id }) => ({ id, version: 1 })) })).json()) as BulkAnswer;
    expect(answer.results.filter((result) => result.outcome === 'changed')).toHaveLength(1000);
    const [{ n }] = (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE number LIKE 'BULK-%' AND status = 'cancelled'")) as [{ n: number }];
    expect(n).toBe(1000);
    // The per-day counts followed the thousand in one statement (migration 012), as each order's would.
    expect(await statisticsDrift(server)).toEqual([]);
    await server.database.query("UPDATE orders SET begin_at = begin_at - interval '2 days', status = 'new' WHERE number LIKE 'BULK-%' AND number < 'BULK-5'");
    await server.database.query("DELETE FROM orders WHERE number LIKE 'BULK-9%'");
    expect(await statisticsDrift(server)).toEqual([]);
  }, 60_000);

  it('refuses what is not one request of its shape, moving nothing', async () => {
    const order = await fresh();
    const twice = await expectProblem(await bulk({ status: 'confirmed', orders: [{ id: order.id, version: 1 }, { id: order.id, version: 1 }] }), 422);
    expect(twice.errors?.[0]?.field).toBe('orders');
    const unknown = await expectProblem(await bulk({ status: 'approved', orders: [{ id: order.id, version: 1 }] }), 422);
    expect(unknown.errors?.[0]?.field).toBe('status');
    await expectProblem(await bulk({ status: 'confirmed', orders: [] }), 400);
    await expectProblem(await bulk({ status: 'confirmed', orders: Array.from({ length: 1001 }, (_, index) => ({ id: `x${index}`, version: 1 })) }), 400);
    await expectProblem(await bulk({ status: 'confirmed', orders: [{ id: order.id, version: 0 }] }), 400);
    expect(((await (await call(server, `/api/orders/${order.id}`, { token })).json()) as Order).status).toBe('new');
    await expectProblem(await bulk({ status: 'confirmed', orders: [{ id: order.id, version: 1 }] }, (await login(server, BRITISH_VIEWER_EMAIL)).token), 403);
  });
});
