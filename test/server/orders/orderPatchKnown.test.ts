import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

/**
 * A PATCH of an order the backend knows at the version `If-Match` names is written without reading
 * the order first; a change made meanwhile elsewhere (another process on the same database, here
 * the repository itself) must still count as it does when the order is read.
 */
describe('PATCH /api/orders/{id} of an order changed elsewhere since the backend saw it', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let tenantId: string;
  let day = 0;

  const get = async (id: string): Promise<Order> => (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;
  const patch = (id: string, body: unknown, version: number) =>
    call(server, `/api/orders/${id}`, { method: 'PATCH', token, body, headers: { 'if-match': `"${version}"` } });
  /** An order the backend has answered (so knows) at version 1, then changed elsewhere to version 2. */
  const changedElsewhere = async (): Promise<{ seen: Order; now: Order }> => {
    day += 1;
    const begin = new Date(Date.UTC(2031, 0, day, 8)).toISOString();
    const end = new Date(Date.UTC(2031, 0, day, 12)).toISOString();
    const seen = await get(await insertOrder(server, tenantId, { begin, end, status: 'new', notes: 'vorher' }));
    await new OrderRepository(server.database, server.events).update(tenantId, seen.id, seen.version, { status: 'confirmed', notes: 'anderswo' }, clock.now());
    return { seen, now: await get(seen.id) };
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 0 });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('answers 412 with the order as it is now, and changes nothing', async () => {
    const { seen, now } = await changedElsewhere();
    const stale = await patch(seen.id, { notes: 'hier' }, seen.version);
    const body = await expectProblem(stale, 412);
    expect(body.current).toEqual(now);
    expect(await get(seen.id)).toEqual(now);
  });

  it('answers 412, not 422, for a change the order at the old version would refuse', async () => {
    const { seen } = await changedElsewhere();
    await expectProblem(await patch(seen.id, { status: 'completed' }, seen.version), 412);
  });

  it('answers 412, not 200, for a change the order at the old version would make nothing of', async () => {
    const { seen } = await changedElsewhere();
    await expectProblem(await patch(seen.id, { notes: 'vorher' }, seen.version), 412);
  });

  it('answers 404 for an order deleted since', async () => {
    const { now } = await changedElsewhere();
    await new OrderRepository(server.database, server.events).delete(tenantId, now.id, clock.now());
    await expectProblem(await patch(now.id, { notes: 'hier' }, now.version), 404);
  });

  it('changes an order written just before by the same backend, from its answer', async () => {
    const { now } = await changedElsewhere();
    const first = await patch(now.id, { notes: 'eins' }, now.version);
    expect(first.status).toBe(200);
    const second = await patch(now.id, { notes: 'zwei', status: 'in_progress' }, now.version + 1);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ notes: 'zwei', status: 'in_progress', version: now.version + 2 });
  });
});
