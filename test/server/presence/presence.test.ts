import type { RunningServer } from '../../../server/startServer';
import type { LoginResult } from '../../../shared/User';
import { EventStreamClient } from '../support/eventStream';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_ADMIN_EMAIL, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { announce, lastPresence, leave, presencesOf, untilPresence } from './presenceSupport';

const TTL_MS = 800;
const TIMES = { begin: '2031-05-04T08:00:00.000Z', end: '2031-05-04T09:00:00.000Z' };

describe('presence on an order (PUT/DELETE /api/orders/{id}/presence, `presence` events)', () => {
  let server: RunningServer;
  let operator: LoginResult;
  let admin: LoginResult;
  let british: LoginResult;
  let orderId: string;
  const open: EventStreamClient[] = [];

  const stream = async (token: string, lastEventId?: string): Promise<EventStreamClient> => {
    const client = await EventStreamClient.open(server, { token, lastEventId });
    open.push(client);
    expect(client.response.status).toBe(200);
    await client.until((c) => c.retry !== undefined && (lastEventId !== undefined || c.opening !== undefined), 5000, 'the start');
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 5, events: { presenceTtlMs: TTL_MS } });
    [operator, admin, british] = await Promise.all([login(server, GERMAN_EMAIL), login(server, GERMAN_ADMIN_EMAIL), login(server, BRITISH_EMAIL)]);
  }, STARTUP_TIMEOUT_MS);

  beforeEach(async () => {
    orderId = await insertOrder(server, await tenantOf(server, GERMAN_EMAIL), TIMES);
  });

  afterEach(async () => {
    for (const client of open.splice(0)) client.abort();
    await Promise.all([leave(server, operator.token, orderId), leave(server, admin.token, orderId)]);
  });

  afterAll(() => server?.close());

  it('tells the tenant\'s streams who opens, edits and closes an order, without an id', async () => {
    const watcher = await stream(admin.token);
    expect((await announce(server, operator.token, orderId)).status).toBe(204);
    await untilPresence(watcher, orderId, [`${operator.user.name}:-`]);
    expect(presencesOf(watcher, orderId)[0]?.present).toEqual([{ userId: operator.user.id, name: operator.user.name, editing: null }]);

    expect((await announce(server, operator.token, orderId, 'notes')).status).toBe(204);
    await untilPresence(watcher, orderId, [`${operator.user.name}:notes`]);
    expect((await announce(server, admin.token, orderId, 'status')).status).toBe(204);
    await untilPresence(watcher, orderId, [`${admin.user.name}:status`, `${operator.user.name}:notes`].sort());

    expect((await leave(server, operator.token, orderId)).status).toBe(204);
    await untilPresence(watcher, orderId, [`${admin.user.name}:status`]);
    expect((await leave(server, admin.token, orderId)).status).toBe(204);
    await untilPresence(watcher, orderId, []);

    const blocks = watcher.text.split('\n\n').filter((block) => block.includes('event: presence'));
    expect(blocks.length).toBe(5);
    for (const block of blocks) expect(block).not.toMatch(/^id:/m);
    // No numbered event came: the client resumes where the stream's reset left it.
    expect(watcher.lastEventId).toBe(watcher.opening?.id);
  });

  it('tells nothing for a renewal that changes nothing', async () => {
    const watcher = await stream(admin.token);
    await announce(server, operator.token, orderId, 'notes');
    await untilPresence(watcher, orderId, [`${operator.user.name}:notes`]);
    await announce(server, operator.token, orderId, 'notes');
    await announce(server, operator.token, orderId, 'end');
    await untilPresence(watcher, orderId, [`${operator.user.name}:end`]);
    expect(presencesOf(watcher, orderId)).toHaveLength(2);
  });

  it('ends a presence that is not renewed within its time to live, and keeps one that is', async () => {
    const watcher = await stream(admin.token);
    await announce(server, operator.token, orderId);
    await announce(server, admin.token, orderId);
    await untilPresence(watcher, orderId, [admin.user.name, operator.user.name].sort().map((name) => `${name}:-`));
    const renewing = setInterval(() => void announce(server, admin.token, orderId), TTL_MS / 4);
    try {
      await untilPresence(watcher, orderId, [`${admin.user.name}:-`], TTL_MS * 4);
      await new Promise((resolve) => setTimeout(resolve, TTL_MS * 1.5));
      expect(lastPresence(watcher, orderId)).toEqual([`${admin.user.name}:-`]);
    } finally {
      clearInterval(renewing);
    }
    await untilPresence(watcher, orderId, [], TTL_MS * 4);
  });

  it('tells a stream that opens who is on each order now', async () => {
    await announce(server, operator.token, orderId, 'station');
    const late = await stream(admin.token);
    await untilPresence(late, orderId, [`${operator.user.name}:station`]);
    // It came after the reset, and moved nothing a resume sends.
    expect(late.text.indexOf('event: reset')).toBeLessThan(late.text.indexOf('event: presence'));
    expect(late.lastEventId).toBe(late.opening?.id);
    const resumed = await stream(admin.token, late.opening?.id);
    await untilPresence(resumed, orderId, [`${operator.user.name}:station`]);
    expect(resumed.events.every((event) => event.event === 'presence')).toBe(true);
  });

  it('keeps tenants apart', async () => {
    const other = await stream(british.token);
    const own = await stream(admin.token);
    await announce(server, operator.token, orderId, 'notes');
    await untilPresence(own, orderId, [`${operator.user.name}:notes`]);
    expect(other.events.filter((event) => event.event === 'presence')).toEqual([]);
    await expectProblem(await announce(server, british.token, orderId), 404);
    await expectProblem(await leave(server, british.token, orderId), 404);
    const later = await stream(british.token);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(later.events.filter((event) => event.event === 'presence')).toEqual([]);
  });

  it('answers 404 for an unknown or malformed order and 400 for a field that is none', async () => {
    await expectProblem(await announce(server, operator.token, '00000000-0000-4000-8000-000000000000'), 404);
    await expectProblem(await announce(server, operator.token, 'no-order'), 404);
    await expectProblem(await leave(server, operator.token, 'no-order'), 404);
    await expectProblem(await announce(server, operator.token, orderId, 'price'), 400);
    await expectProblem(await call(server, `/api/orders/${orderId}/presence`, { method: 'PUT', token: operator.token, body: {} }), 400);
    expect((await call(server, `/api/orders/${orderId}/presence`, { method: 'PUT', body: { editing: null } })).status).toBe(401);
  });

  it('ends the presences of a session that ends (logout)', async () => {
    const session = await login(server, GERMAN_EMAIL);
    const watcher = await stream(admin.token);
    await announce(server, session.token, orderId, 'notes');
    await untilPresence(watcher, orderId, [`${session.user.name}:notes`]);
    expect((await call(server, '/api/auth/logout', { method: 'POST', token: session.token })).status).toBe(204);
    await untilPresence(watcher, orderId, [], TTL_MS / 2);
  });
});
