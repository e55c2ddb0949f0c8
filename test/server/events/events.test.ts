import { ServerResponse } from 'node:http';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import { demoOrder } from '../../../server/simulator/demoOrder';
import { ORDER_PROFILES } from '../../../server/seed/orderProfiles';
import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { EventStreamClient, type ReceivedEvent } from '../support/eventStream';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

describe('GET /api/events', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let britishToken: string;
  let tenantId: string;
  let britishTenantId: string;
  const open: EventStreamClient[] = [];

  const stream = async (options: { token?: string; lastEventId?: string } = {}): Promise<EventStreamClient> => {
    const client = await EventStreamClient.open(server, { token, ...options });
    open.push(client);
    expect(client.response.status).toBe(200);
    // The stream is set up once its first line is there.
    await client.until((c) => c.retry !== undefined, 5000, 'the retry line');
    return client;
  };
  const patch = (id: string, body: unknown, version: number, as = token) =>
    call(server, `/api/orders/${id}`, { method: 'PATCH', token: as, body, headers: { 'if-match': `"${version}"` } });
  const patched = async (order: Order, body: unknown, as = token): Promise<Order> => {
    const response = await patch(order.id, body, order.version, as);
    expect(response.status).toBe(200);
    return (await response.json()) as Order;
  };
  const get = async (id: string, as = token): Promise<Order> => {
    const response = await call(server, `/api/orders/${id}`, { token: as });
    expect(response.status).toBe(200);
    return (await response.json()) as Order;
  };
  let day = 0;
  const fresh = async (tenant = tenantId, as = token, status: OrderStatus = 'new'): Promise<Order> => {
    day += 1;
    const begin = new Date(Date.UTC(2031, 0, day, 8)).toISOString();
    const end = new Date(Date.UTC(2031, 0, day, 12)).toISOString();
    return get(await insertOrder(server, tenant, { begin, end, status }), as);
  };
  const lastId = async (tenant = tenantId): Promise<number> => {
    const [row] = await server.database.query<{ last_id: number }>('SELECT last_id FROM tenant_event_counters WHERE tenant_id = $1', [tenant]);
    return Number(row?.last_id ?? 0);
  };
  const ids = (events: readonly ReceivedEvent[]) => events.map((event) => Number(event.id));
  /** The orders the events carry, without the `previous` state that updates and deletions bring along, and without who made them (`by`). */
  const orders = (events: readonly ReceivedEvent[]) =>
    events.map((event) => {
      const { previous: _previous, by: _by, ...order } = JSON.parse(event.data) as Order & { previous?: Order; by?: unknown };
      return order as Order;
    });
  /** Who a change of the German operator's is by, as the events say it. */
  const byOperator = { type: 'user', id: expect.any(String), name: 'Dana Brandt' };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 20 });
    token = (await login(server, GERMAN_EMAIL)).token;
    britishToken = (await login(server, BRITISH_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
    britishTenantId = await tenantOf(server, BRITISH_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterEach(() => {
    for (const client of open.splice(0)) client.abort();
  });

  afterAll(() => server?.close());

  it('answers 401 without a token, with a malformed one and with a wrongly signed one', async () => {
    await expectProblem(await call(server, '/api/events'), 401);
    await expectProblem(await call(server, '/api/events', { token: 'not-a-token' }), 401);
    const [header, payload] = token.split('.') as [string, string, string];
    const forged = await call(server, '/api/events', { token: `${header}.${payload}.${'A'.repeat(43)}` });
    expect((await expectProblem(forged, 401)).type).toBe('urn:order-cockpit:problem:unauthorized');
    expect(forged.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('starts with retry: 3000 and a reset carrying the last id, as an uncached event stream with the security headers', async () => {
    const client = await stream();
    await client.until((c) => c.opening !== undefined, 5000, 'the opening reset');
    expect(client.text.startsWith(`retry: 3000\n\nid: ${await lastId()}\nevent: reset\ndata: {}\n\n`)).toBe(true);
    expect(client.opening).toEqual({ id: String(await lastId()), event: 'reset', data: '{}' });
    const headers = client.response.headers;
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(client.events).toEqual([]);
  });

  it('announces a change as order.updated with the order as PATCH answered it, under a higher id', async () => {
    const order = await fresh();
    const before = await lastId();
    const client = await stream();
    clock.advance(60_000);
    const changed = await patched(order, { status: 'confirmed', notes: 'Kunde ruft zurück.' });
    await client.untilEvents(1);
    const [event] = client.events;
    expect(event?.event).toBe('order.updated');
    expect(Number(event?.id)).toBe(before + 1);
    // The order as PATCH answered it, and what it was before (for consoles that do not hold it).
    expect(JSON.parse(event?.data ?? '')).toEqual({ ...changed, previous: order, by: byOperator });
    expect(changed).toEqual(expect.objectContaining({ status: 'confirmed', version: order.version + 1 }));
  });

  it('announces every field a change can touch as the stored order has it (begin and end to the millisecond, station, status)', async () => {
    const order = await fresh();
    const client = await stream();
    clock.advance(1_234);
    const begin = new Date(Date.parse(order.begin) + 3_600_000 + 0.25).toISOString();
    const changed = await patched(order, { status: 'confirmed', station: ' Halle 9 ', begin: begin.replace('Z', '999Z'), end: order.end });
    await client.untilEvents(1);
    const stored = await get(order.id);
    expect(stored).toEqual(changed);
    expect(changed).toEqual(expect.objectContaining({ station: 'Halle 9', status: 'confirmed', version: order.version + 1 }));
    expect(JSON.parse(client.events[0]?.data ?? '')).toEqual({ ...stored, previous: order, by: byOperator });
    // A change that finds the order at another version writes no event.
    const last = await lastId();
    expect((await patch(order.id, { notes: 'zu spät' }, order.version)).status).toBe(412);
    expect(await lastId()).toBe(last);
  });

  it('gives a first list page the last event id it reflects, so that a console tells a page read before its stream began', async () => {
    const order = await fresh();
    const page = async (query: string) => {
      const response = await call(server, `/api/orders?${query}`, { token });
      expect(response.status).toBe(200);
      return (await response.json()) as { items: Order[]; nextCursor: string | null; lastEventId?: number };
    };
    const range = `begin=${encodeURIComponent(order.begin)}&end=${encodeURIComponent(order.end)}`;
    const before = await page(`${range}&limit=1`);
    expect(before.lastEventId).toBe(await lastId());
    expect(before.items.map((item) => item.id)).toEqual([order.id]);

    // A change between that page and a stream opened after it: the stream's opening reset names a later id.
    const changed = await patched(order, { station: 'Halle 7' });
    const client = await stream();
    await client.until((c) => c.opening !== undefined, 5000, 'the opening reset');
    expect(Number(client.opening?.id)).toBe((before.lastEventId ?? 0) + 1);
    const after = await page(`${range}&limit=1`);
    expect(after.lastEventId).toBe(Number(client.opening?.id));
    expect(after.items[0]).toEqual(changed);

    // Another tenant's changes do not move it; pages after the first do not carry it.
    await patched(await fresh(britishTenantId, britishToken), { station: 'Leeds' }, britishToken);
    expect((await page(`${range}&limit=1`)).lastEventId).toBe(after.lastEventId);
    const wide = await page(`begin=2031-01-01T00:00:00Z&end=2031-12-31T00:00:00Z&limit=1`);
    expect(wide.nextCursor).not.toBeNull();
    expect((await page(`begin=2031-01-01T00:00:00Z&end=2031-12-31T00:00:00Z&limit=1&cursor=${encodeURIComponent(wide.nextCursor ?? '')}`)).lastEventId).toBeUndefined();
  });

  it('writes no event for a refused change or one that changes nothing', async () => {
    const order = await fresh();
    const before = await lastId();
    const client = await stream();
    await expectProblem(await patch(order.id, { notes: 'zu spät' }, order.version + 1), 412);
    await expectProblem(await patch(order.id, { status: 'completed' }, order.version), 422);
    expect((await patch(order.id, { notes: '' }, order.version)).status).toBe(200);
    expect(await lastId()).toBe(before);
    const changed = await patched(order, { station: 'Rostock' });
    await client.untilEvents(1);
    expect(client.events.map((event) => [Number(event.id), JSON.parse(event.data).version])).toEqual([[before + 1, changed.version]]);
  });

  it('stores the event in the transaction of the change: when the event cannot be stored, the order stays as it was', async () => {
    const order = await fresh();
    const before = await lastId();
    await server.database.exec('ALTER TABLE order_events ADD CONSTRAINT order_events_refuse_all CHECK (id < 0) NOT VALID');
    try {
      await expectProblem(await patch(order.id, { notes: 'geht verloren' }, order.version), 500);
    } finally {
      await server.database.exec('ALTER TABLE order_events DROP CONSTRAINT order_events_refuse_all');
    }
    expect(await get(order.id)).toEqual(order);
    // The counter went back with the change: no id is skipped.
    expect(await lastId()).toBe(before);
    await patched(order, { notes: 'jetzt aber' });
    const rows = await server.database.query<{ id: number; data: string }>('SELECT id, data FROM order_events WHERE tenant_id = $1 AND id > $2', [
      tenantId,
      before,
    ]);
    expect(rows.map((row) => [Number(row.id), JSON.parse(row.data).notes])).toEqual([[before + 1, 'jetzt aber']]);
  });

  it("keeps tenants apart: a change in one tenant never reaches another's stream", async () => {
    const german = await stream();
    const british = await stream({ token: britishToken });
    const germanOrder = await fresh();
    const britishOrder = await fresh(britishTenantId, britishToken);
    await patched(germanOrder, { notes: 'nur für Autohaus Nord' });
    await german.untilEvents(1);
    const britishChange = await patched(britishOrder, { notes: 'only for City Fleet' }, britishToken);
    await british.untilEvents(1);
    // Had the German change reached the British stream, it would have come first.
    expect(orders(british.events)).toEqual([britishChange]);
    expect(Number(british.events[0]?.id)).toBe(await lastId(britishTenantId));
    expect(orders(german.events).map((order) => order.id)).toEqual([germanOrder.id]);
  });

  it('replays after a drop every event exactly once, in order, then goes on live', async () => {
    let order = await fresh();
    const first = await stream();
    for (let step = 0; step < 3; step++) order = await patched(order, { notes: `vorher ${step}` });
    await first.untilEvents(3);
    first.abort();
    const resumeAfter = first.lastEventId;
    for (let step = 0; step < 5; step++) order = await patched(order, { notes: `während ${step}` });
    const second = await stream({ lastEventId: resumeAfter });
    for (let step = 0; step < 2; step++) order = await patched(order, { notes: `danach ${step}` });
    await second.untilEvents(7);
    const all = [...first.events, ...second.events];
    const start = Number(first.events[0]?.id);
    expect(ids(all)).toEqual(Array.from({ length: 10 }, (_, index) => start + index));
    expect(orders(all).map((each) => each.notes)).toEqual([
      ...[0, 1, 2].map((step) => `vorher ${step}`),
      ...[0, 1, 2, 3, 4].map((step) => `während ${step}`),
      ...[0, 1].map((step) => `danach ${step}`),
    ]);
    expect(orders(all).at(-1)).toEqual(order);
  });

  it('resumes from the last id with nothing to replay, and resets for an id it cannot resume from', async () => {
    const order = await fresh();
    await patched(order, { notes: 'Stand' });
    const last = await lastId();
    const current = await stream({ lastEventId: String(last) });

    for (const garbage of ['abc', String(last + 1000), '-1', '1.5']) {
      const client = await stream({ lastEventId: garbage });
      await client.untilEvents(1);
      expect(client.events[0]).toEqual({ id: String(last), event: 'reset', data: '{}' });
    }
    // Another tenant's id is beyond this tenant's last one.
    const foreign = await stream({ token: britishToken, lastEventId: String((await lastId(britishTenantId)) + 50) });
    await foreign.untilEvents(1);
    expect(foreign.events[0]?.event).toBe('reset');

    await patched(await get(order.id), { notes: 'neu' });
    await current.untilEvents(1);
    expect(current.events.map((event) => [event.event, Number(event.id)])).toEqual([['order.updated', last + 1]]);
  });

  it('announces orders created and deleted through the repository, live and on replay', async () => {
    const repository = new OrderRepository(server.database, server.events);
    const before = await lastId();
    const live = await stream();
    const draft = demoOrder(ORDER_PROFILES.german, clock.now(), () => 0.5);
    // Each published by the repository once committed.
    const created = await repository.create(tenantId, 'SIM-2099-', draft, clock.now());
    const second = await repository.create(tenantId, 'SIM-2099-', { ...draft, id: '01900000-0000-7000-8000-000000000001', vehicle_plate: `${draft.vehicle_plate} 2` }, clock.now());
    if (!(await repository.delete(tenantId, created.record.id, clock.now()))) throw new Error('the order was not deleted');
    expect(await repository.delete(tenantId, created.record.id, clock.now())).toBeUndefined();
    expect(await repository.delete(britishTenantId, second.record.id, clock.now())).toBeUndefined();

    await live.untilEvents(3);
    const replayed = await stream({ lastEventId: String(before) });
    await replayed.untilEvents(3);
    for (const client of [live, replayed]) {
      expect(client.events.map((event) => [Number(event.id), event.event])).toEqual([
        [before + 1, 'order.created'],
        [before + 2, 'order.created'],
        [before + 3, 'order.deleted'],
      ]);
      expect(JSON.parse(client.events[2]?.data ?? '')).toEqual({ id: created.record.id, previous: orders(client.events)[0], by: { type: 'system' } });
    }
    const [first, next] = orders(live.events);
    expect(first).toEqual(expect.objectContaining({ id: draft.id, number: 'SIM-2099-000001', status: 'new', version: 1, notes: draft.notes }));
    expect(next?.number).toBe('SIM-2099-000002');
    expect(next).toEqual(await get(second.record.id));
    await expectProblem(await call(server, `/api/orders/${created.record.id}`, { token }), 404);
  });

  it('writes several changes in one transaction, each applied at its version, with consecutive events in the order given', async () => {
    const repository = new OrderRepository(server.database, server.events);
    const [a, b, c, d] = [await fresh(), await fresh(), await fresh(), await fresh(britishTenantId, britishToken)];
    if (!a || !b || !c || !d) throw new Error('no orders');
    const before = await lastId();
    const live = await stream();
    const newBegin = new Date(Date.parse(b.begin) + 30 * 60_000 + 123).toISOString();
    const changes = await repository.updateMany(
      tenantId,
      [
        { id: c.id, version: c.version, changes: { station: 'Lübeck', notes: 'zuerst' } },
        { id: a.id, version: a.version + 1, changes: { station: 'stale' } },
        { id: b.id, version: b.version, changes: { status: 'confirmed', begin: newBegin } },
        { id: d.id, version: d.version, changes: { station: 'other tenant' } },
      ],
      clock.now(),
    );
    // The stale version and the other tenant's order are left alone; the rest keep the order given.
    expect(changes.map((change) => [change.record.id, change.event.id])).toEqual([
      [c.id, before + 1],
      [b.id, before + 2],
    ]);
    expect(await lastId()).toBe(before + 2);
    expect(await get(a.id)).toEqual(a);
    expect(await get(d.id, britishToken)).toEqual(d);
    const cAfter = await get(c.id);
    expect(cAfter).toEqual({ ...c, station: 'Lübeck', notes: 'zuerst', version: c.version + 1, updatedAt: clock.now().toISOString() });
    const bAfter = await get(b.id);
    expect(bAfter).toEqual({ ...b, status: 'confirmed', begin: newBegin, version: b.version + 1, updatedAt: clock.now().toISOString() });
    await live.untilEvents(2);
    const replayed = await stream({ lastEventId: String(before) });
    await replayed.untilEvents(2);
    for (const client of [live, replayed]) {
      expect(client.events.map((event) => event.event)).toEqual(['order.updated', 'order.updated']);
      expect(orders(client.events)).toEqual([cAfter, bAfter]);
      expect(JSON.parse(client.events[1]?.data ?? '').previous).toEqual(b);
    }
    expect(await repository.updateMany(tenantId, [], clock.now())).toEqual([]);
    await expect(repository.updateMany(tenantId, [c, c].map((order) => ({ id: order.id, version: cAfter.version, changes: {} })), clock.now())).rejects.toThrow(
      'updateMany takes each order once',
    );
  });

  it('ends the streams of a token when it is signed out, and no other', async () => {
    const session = (await login(server, GERMAN_EMAIL)).token;
    const one = await stream({ token: session });
    const two = await stream({ token: session });
    const other = await stream();
    expect((await call(server, '/api/auth/logout', { method: 'POST', token: session })).status).toBe(204);
    await expect(one.ended).resolves.toBe(true);
    await expect(two.ended).resolves.toBe(true);
    await expectProblem(await call(server, '/api/events', { token: session }), 401);

    const order = await fresh();
    await patched(order, { notes: 'noch da' });
    await other.untilEvents(1);
    expect(other.isFinished).toBe(false);
  });

  it('writes only whole blocks: the retry line, a reset and events (those that arrive together in one write())', async () => {
    const write = jest.spyOn(ServerResponse.prototype, 'write');
    try {
      let order = await fresh();
      const from = await lastId();
      for (let step = 0; step < 3; step++) order = await patched(order, { notes: `Replay ${step}` });
      const replay = await stream({ lastEventId: String(from) });
      const reset = await stream({ lastEventId: 'x' });
      order = await patched(order, { notes: 'live' });
      await replay.untilEvents(4);
      await reset.untilEvents(2);
      const chunks = write.mock.calls
        .map(([chunk]) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString()))
        .filter((chunk) => /^(retry|id|event|data|:)/.test(chunk));
      const blocks = /^(retry: 3000\n\n|: ping\n\n|id: \d+\nevent: [a-z.]+\ndata: [^\n]+\n\n)+$/;
      expect(chunks.filter((chunk) => !blocks.test(chunk))).toEqual([]);
      expect(chunks.join('').match(/^id: /gm)).toHaveLength(4 + 2);
    } finally {
      write.mockRestore();
    }
  });
});
