import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import type { OrderHistoryPage } from '../../../shared/OrderHistory';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

describe('GET /api/orders/{id}/history', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let user: { id: string; name: string };
  let tenantId: string;

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 5, events: { retention: { minEvents: 1, minAgeMs: 1 }, pruneIntervalMs: 20 } });
    ({ token, user } = await login(server, GERMAN_EMAIL));
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const history = async (id: string, query = ''): Promise<OrderHistoryPage> => {
    const response = await call(server, `/api/orders/${id}/history${query}`, { token });
    expect(response.status).toBe(200);
    return (await response.json()) as OrderHistoryPage;
  };
  const patch = async (order: Order, body: object): Promise<Order> => {
    const response = await call(server, `/api/orders/${order.id}`, { method: 'PATCH', token, body, headers: { 'if-match': `"${order.version}"` } });
    expect(response.status).toBe(200);
    return (await response.json()) as Order;
  };

  it('keeps every change with who made it and each field\'s old and new value, newest first, never pruned with the events', async () => {
    const id = await insertOrder(server, tenantId, { begin: '2031-05-04T08:00:00.000Z', end: '2031-05-04T09:00:00.000Z', notes: 'alt' });
    let order = (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;
    clock.advance(60_000);
    order = await patch(order, { status: 'confirmed', notes: 'neu' });
    clock.advance(60_000);
    order = await patch(order, { begin: '2031-05-04T07:30:00Z' });
    // The simulator's (and any tool's) changes name who made them as well.
    await new OrderRepository(server.database, server.events).update(tenantId, id, order.version, { station: 'Harburg' }, clock.now(), { type: 'simulator' });
    // Live events are pruned meanwhile; the history stays.
    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const page = await history(id);
    const me = { type: 'user', id: user.id, name: user.name };
    expect(page.nextCursor).toBeNull();
    expect(page.items.map(({ kind, by, changes }) => ({ kind, by, changes }))).toEqual([
      { kind: 'changed', by: { type: 'simulator' }, changes: [{ field: 'station', from: order.station, to: 'Harburg' }] },
      { kind: 'changed', by: me, changes: [{ field: 'begin', from: '2031-05-04T08:00:00.000Z', to: '2031-05-04T07:30:00.000Z' }] },
      { kind: 'changed', by: me, changes: [{ field: 'status', from: 'new', to: 'confirmed' }, { field: 'notes', from: 'alt', to: 'neu' }] },
      // Made before the history was kept (inserted directly): its creation, by the system.
      { kind: 'created', by: { type: 'system' }, changes: [] },
    ]);
    expect(page.items[3]?.at).toBe(order.createdAt);
    expect(page.items[2]?.at).toBe('2026-06-15T10:01:00.000Z');
  });

  it('pages newest first with a cursor, the creation on the last page', async () => {
    const id = await insertOrder(server, tenantId, { begin: '2031-05-05T08:00:00.000Z', end: '2031-05-05T09:00:00.000Z' });
    let order = (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;
    for (let step = 1; step <= 5; step++) order = await patch(order, { notes: `Schritt ${step}` });
    const first = await history(id, '?limit=2');
    expect(first.items.map((entry) => entry.changes[0]?.to)).toEqual(['Schritt 5', 'Schritt 4']);
    const second = await history(id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((entry) => entry.changes[0]?.to)).toEqual(['Schritt 3', 'Schritt 2']);
    const last = await history(id, `?limit=2&cursor=${second.nextCursor}`);
    expect(last.items.map((entry) => entry.kind)).toEqual(['changed', 'created']);
    expect(last.nextCursor).toBeNull();
  });

  it('says the name a user has now', async () => {
    const id = await insertOrder(server, tenantId, { begin: '2031-05-06T08:00:00.000Z', end: '2031-05-06T09:00:00.000Z' });
    const order = (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;
    await patch(order, { notes: 'umbenannt' });
    await server.database.query('UPDATE users SET name = $2 WHERE id = $1', [user.id, 'Dana Brandt-Albers']);
    try {
      expect((await history(id)).items[0]?.by).toEqual({ type: 'user', id: user.id, name: 'Dana Brandt-Albers' });
    } finally {
      await server.database.query('UPDATE users SET name = $2 WHERE id = $1', [user.id, user.name]);
    }
  });

  it('keeps tenants apart and refuses what names nothing', async () => {
    const id = await insertOrder(server, tenantId, { begin: '2031-05-07T08:00:00.000Z', end: '2031-05-07T09:00:00.000Z' });
    const british = await login(server, BRITISH_EMAIL);
    await expectProblem(await call(server, `/api/orders/${id}/history`, { token: british.token }), 404);
    await expectProblem(await call(server, '/api/orders/not-an-id/history', { token }), 404);
    for (const query of ['?cursor=abc', '?cursor=0', '?limit=0', '?limit=201', '?other=1']) {
      await expectProblem(await call(server, `/api/orders/${id}/history${query}`, { token }), 400);
    }
  });
});
