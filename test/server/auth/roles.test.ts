import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import type { Role } from '../../../shared/Role';
import { EventStreamClient } from '../support/eventStream';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { seededRange, withRange } from '../support/orderRange';
import { VIEW_DEFINITION } from '../support/viewFixtures';
import {
  BRITISH_VIEWER_EMAIL,
  call,
  expectProblem,
  GERMAN_ADMIN_EMAIL,
  GERMAN_EMAIL,
  login,
  STARTUP_TIMEOUT_MS,
  startTestServer,
} from '../support/testServer';

/** The demo account of each role. */
const ACCOUNTS: Record<Role, string> = { admin: GERMAN_ADMIN_EMAIL, operator: GERMAN_EMAIL, viewer: BRITISH_VIEWER_EMAIL };

/** What a role's user sends: their token, and an order of their tenant at its version. */
interface Caller {
  token: string;
  order: { id: string; version: number };
}

/** One route as a role calls it, and what it answers each role. */
interface RouteCase {
  name: string;
  send: (caller: Caller) => Promise<Response>;
  expected: Record<Role, number>;
}

/** An id no user (and no view) has. */
const NO_USER = '00000000-0000-4000-8000-000000000000';

const ALL = (status: number): Record<Role, number> => ({ viewer: status, operator: status, admin: status });

describe('roles, checked by the backend at every route', () => {
  let server: RunningServer;
  const range = seededRange();

  beforeAll(async () => {
    server = await startTestServer();
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  /** A fresh token of the role's demo account and a fresh order of its tenant. */
  async function callerOf(role: Role): Promise<Caller> {
    const email = ACCOUNTS[role];
    const { token } = await login(server, email);
    const id = await insertOrder(server, await tenantOf(server, email), { begin: range.begin, end: range.end });
    return { token, order: { id, version: 1 } };
  }

  const patchOrder = (caller: Caller, body: unknown) =>
    call(server, `/api/orders/${caller.order.id}`, { method: 'PATCH', token: caller.token, body, headers: { 'if-match': `"${caller.order.version}"` } });

  const routes: RouteCase[] = [
    { name: 'GET /api/me', send: (c) => call(server, '/api/me', { token: c.token }), expected: ALL(200) },
    { name: 'PATCH /api/me (own language)', send: (c) => call(server, '/api/me', { method: 'PATCH', token: c.token, body: { language: 'en' } }), expected: ALL(200) },
    {
      name: 'PATCH /api/me (the tenant\'s colours)',
      send: (c) => call(server, '/api/me', { method: 'PATCH', token: c.token, body: { theme: { color3: '#c2410c' } } }),
      expected: { viewer: 403, operator: 403, admin: 200 },
    },
    { name: 'GET /api/me/views', send: (c) => call(server, '/api/me/views', { token: c.token }), expected: ALL(200) },
    {
      // A blank name: the route's own 422 for every role, so the role let it through, and nothing is saved.
      name: 'POST /api/me/views',
      send: (c) => call(server, '/api/me/views', { token: c.token, body: { ...VIEW_DEFINITION, name: ' ' } }),
      expected: ALL(422),
    },
    { name: 'PATCH /api/me/views/{id} (no such view)', send: (c) => call(server, `/api/me/views/${NO_USER}`, { method: 'PATCH', token: c.token, body: { name: 'Rolle' } }), expected: ALL(404) },
    { name: 'DELETE /api/me/views/{id} (no such view)', send: (c) => call(server, `/api/me/views/${NO_USER}`, { method: 'DELETE', token: c.token }), expected: ALL(404) },
    { name: 'GET /api/orders', send: (c) => call(server, withRange('/api/orders', range), { token: c.token }), expected: ALL(200) },
    { name: 'GET /api/orders/export.csv', send: (c) => call(server, withRange('/api/orders/export.csv', range), { token: c.token }), expected: ALL(200) },
    { name: 'POST /api/orders/export.csv', send: (c) => call(server, '/api/orders/export.csv', { token: c.token, body: { ids: [c.order.id] } }), expected: ALL(200) },
    { name: 'GET /api/orders/facets', send: (c) => call(server, '/api/orders/facets', { token: c.token }), expected: ALL(200) },
    { name: 'GET /api/orders/{id}', send: (c) => call(server, `/api/orders/${c.order.id}`, { token: c.token }), expected: ALL(200) },
    { name: 'PATCH /api/orders/{id}', send: (c) => patchOrder(c, { notes: 'by role' }), expected: { viewer: 403, operator: 200, admin: 200 } },
    // A body that is not even valid: a forbidden call is refused before its body is looked at.
    { name: 'PATCH /api/orders/{id} (invalid body)', send: (c) => patchOrder(c, { status: 5 }), expected: { viewer: 403, operator: 400, admin: 400 } },
    {
      name: 'POST /api/orders',
      send: (c) =>
        call(server, '/api/orders', {
          token: c.token,
          body: {
            customer: { name: 'Rolle', email: 'rolle@example.de', phone: '+49 431 12345' },
            vehicle: { licensePlate: 'KI-R 1', make: 'VW', model: 'Golf' },
            station: 'Kiel',
            service: 'Inspektion',
            begin: range.begin,
            end: range.begin,
            price: { amount: 100, currency: 'EUR' },
          },
        }),
      expected: { viewer: 403, operator: 201, admin: 201 },
    },
    {
      name: 'POST /api/orders/bulk-status',
      send: (c) => call(server, '/api/orders/bulk-status', { token: c.token, body: { status: 'confirmed', orders: [{ id: c.order.id, version: c.order.version }] } }),
      expected: { viewer: 403, operator: 200, admin: 200 },
    },
    { name: 'GET /api/orders/{id}/history', send: (c) => call(server, `/api/orders/${c.order.id}/history`, { token: c.token }), expected: ALL(200) },
    { name: 'GET /api/users', send: (c) => call(server, '/api/users', { token: c.token }), expected: { viewer: 403, operator: 403, admin: 200 } },
    {
      // A body the route refuses (422 for a blank name): the role let it through, and nothing is created.
      name: 'POST /api/users',
      send: (c) => call(server, '/api/users', { token: c.token, body: { name: ' ', email: 'x@y.example', role: 'viewer' } }),
      expected: { viewer: 403, operator: 403, admin: 422 },
    },
    {
      name: 'PATCH /api/users/{id} (no such user)',
      send: (c) => call(server, `/api/users/${NO_USER}`, { method: 'PATCH', token: c.token, body: { role: 'viewer' } }),
      expected: { viewer: 403, operator: 403, admin: 404 },
    },
    {
      name: 'POST /api/users/{id}/password-reset (no such user)',
      send: (c) => call(server, `/api/users/${NO_USER}/password-reset`, { method: 'POST', token: c.token }),
      expected: { viewer: 403, operator: 403, admin: 404 },
    },
    { name: 'GET /api/push/public-key', send: (c) => call(server, '/api/push/public-key', { token: c.token }), expected: ALL(200) },
    {
      // Keys that are no keys: the route's own 400 for every role, so the role let it through.
      name: 'POST /api/push/subscriptions',
      send: (c) => call(server, '/api/push/subscriptions', { token: c.token, body: { endpoint: 'https://127.0.0.1/push', keys: { p256dh: 'x', auth: 'y' } } }),
      expected: ALL(400),
    },
    {
      name: 'GET /api/events',
      send: async (c) => {
        const stream = await EventStreamClient.open(server, { token: c.token });
        stream.abort();
        await stream.ended;
        return stream.response;
      },
      expected: ALL(200),
    },
    { name: 'POST /api/auth/logout', send: (c) => call(server, '/api/auth/logout', { method: 'POST', token: c.token }), expected: ALL(204) },
  ];

  const cases = routes.flatMap((route) => (['viewer', 'operator', 'admin'] as const).map((role) => [route.name, role, route.expected[role], route] as const));

  it.each(cases)('%s as %s answers %i', async (_name, role, status, route) => {
    const caller = await callerOf(role);
    const response = await route.send(caller);
    if (status === 403) {
      const problem = await expectProblem(response, 403);
      expect(problem).toMatchObject({ type: 'urn:order-cockpit:problem:forbidden', role });
      expect(['operator', 'admin']).toContain(problem.required);
    } else {
      expect(response.status).toBe(status);
      if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
    }
  });

  it('changes nothing for a forbidden change', async () => {
    const viewer = await callerOf('viewer');
    await expectProblem(await patchOrder(viewer, { notes: 'not allowed', status: 'confirmed' }), 403);
    const order = (await (await call(server, `/api/orders/${viewer.order.id}`, { token: viewer.token })).json()) as Order;
    expect(order).toMatchObject({ version: 1, status: 'new', notes: '' });
  });

  it('answers in the language asked for, naming the roles', async () => {
    const viewer = await callerOf('viewer');
    const body = await expectProblem(await call(server, `/api/orders/${viewer.order.id}`, { method: 'PATCH', token: viewer.token, body: {}, locale: 'en', headers: { 'if-match': '"1"' } }), 403);
    expect(body).toMatchObject({ title: 'Not allowed', detail: 'Your role does not allow this; nothing was changed.', role: 'viewer', required: 'operator' });
  });

  it('takes a changed role from the next request on, with the same token', async () => {
    const operator = await callerOf('operator');
    const setRole = (role: Role) => server.database.query('UPDATE users SET role = $1 WHERE email = $2', [role, GERMAN_EMAIL]);
    await setRole('viewer');
    try {
      await expectProblem(await patchOrder(operator, { notes: 'as a viewer now' }), 403);
      expect(((await (await call(server, '/api/me', { token: operator.token })).json()) as { role: Role }).role).toBe('viewer');
    } finally {
      await setRole('operator');
    }
    expect((await patchOrder(operator, { notes: 'an operator again' })).status).toBe(200);
  });

  it('signs in with the role in the answer and in the token', async () => {
    const { token, user } = await login(server, BRITISH_VIEWER_EMAIL);
    expect(user.role).toBe('viewer');
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: string };
    expect(claims.role).toBe('viewer');
  });
});
