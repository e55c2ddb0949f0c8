import { randomUUID } from 'node:crypto';
import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import type { Role } from '../../../shared/Role';
import type { LoginResult } from '../../../shared/User';
import { EventStreamClient } from '../support/eventStream';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { seededRange, withRange } from '../support/orderRange';
import { collectingRoutes } from '../support/registeredRoutes';
import { VIEW_DEFINITION } from '../support/viewFixtures';
import {
  BRITISH_VIEWER_EMAIL,
  call,
  DEMO_PASSWORD,
  expectProblem,
  GERMAN_ADMIN_EMAIL,
  GERMAN_EMAIL,
  login,
  STARTUP_TIMEOUT_MS,
  startTestServer,
} from '../support/testServer';

/** The demo account of each role. */
const ACCOUNTS: Record<Role, string> = { admin: GERMAN_ADMIN_EMAIL, operator: GERMAN_EMAIL, viewer: BRITISH_VIEWER_EMAIL };

/** What a role's user sends: their account, a token of it, and an order of their tenant at its version. */
interface Caller {
  email: string;
  token: string;
  order: { id: string; version: number };
}

/**
 * One route as a role calls it, and what it answers each role. The name starts with the route
 * (`PATCH /api/orders/{id}`): every route the backend registers has a case, and every case a route.
 */
interface RouteCase {
  name: string;
  send: (caller: Caller) => Promise<Response>;
  expected: Record<Role, number>;
  /** What a successful answer holds besides its status. */
  answer?: (response: Response, caller: Caller) => Promise<void>;
}

/**
 * The routes outside the API, which take no token, so that no role changes what they answer (each
 * has tests of its own): `/v1/traces` and `/v1/logs` receive the console's telemetry, also before a
 * sign-in and after a session has ended, limited per address, not per user. (The console's files
 * have routes only beside a build, which a test server has none of.)
 */
const OUTSIDE_THE_API = ['GET /', 'GET /index.html', 'GET /healthz', 'GET /readyz', 'GET /config.json', 'POST /v1/traces', 'POST /v1/logs'];

/** `PATCH /api/orders/{id}` for the case `PATCH /api/orders/{id} (invalid body)`. */
const routeOf = (route: RouteCase): string => /^[A-Z]+ \S+/.exec(route.name)?.[0] ?? route.name;

/** A password the policy takes, for the password changes. */
const NEW_PASSWORD = 'Rollen-Wechsel 2026!';

/** An id no user (and no view) has. */
const NO_USER = '00000000-0000-4000-8000-000000000000';

const ALL = (status: number): Record<Role, number> => ({ viewer: status, operator: status, admin: status });

describe('roles, checked by the backend at every route', () => {
  let server: RunningServer;
  /** What the backend registered, as `METHOD /path`. */
  let registered: ReadonlySet<string>;
  const range = seededRange();

  beforeAll(async () => {
    ({ started: server, routes: registered } = await collectingRoutes(() => startTestServer()));
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  /** A fresh token of the role's demo account and a fresh order of its tenant. */
  async function callerOf(role: Role): Promise<Caller> {
    const email = ACCOUNTS[role];
    const { token } = await login(server, email);
    const id = await insertOrder(server, await tenantOf(server, email), { begin: range.begin, end: range.end });
    return { email, token, order: { id, version: 1 } };
  }

  /** A new account of the caller's tenant and role (a copy of theirs, with the same password), signed in. */
  async function copyOf(caller: Caller): Promise<Caller> {
    const email = `copy-${randomUUID()}@example.test`;
    await server.database.query(
      `INSERT INTO users (id, tenant_id, email, name, password_hash, language, role)
       SELECT $1, tenant_id, $2, name, password_hash, language, role FROM users WHERE email = $3`,
      [randomUUID(), email, caller.email],
    );
    return { ...caller, email, token: (await login(server, email)).token };
  }

  /** A successful answer with a new token of the caller's account, one that works. */
  async function answersNewToken(response: Response, caller: Caller): Promise<void> {
    const result = (await response.json()) as LoginResult;
    expect(result.user.email).toBe(caller.email);
    expect(result.token).not.toBe(caller.token);
    expect((await call(server, '/api/me', { token: result.token })).status).toBe(200);
  }

  const patchOrder = (caller: Caller, body: unknown) =>
    call(server, `/api/orders/${caller.order.id}`, { method: 'PATCH', token: caller.token, body, headers: { 'if-match': `"${caller.order.version}"` } });

  const routes: RouteCase[] = [
    {
      name: 'POST /api/auth/login',
      send: (c) => call(server, '/api/auth/login', { body: { email: c.email, password: DEMO_PASSWORD } }),
      expected: ALL(200),
      answer: async (response, c) => expect(((await response.json()) as LoginResult).user.email).toBe(c.email),
    },
    { name: 'POST /api/auth/renew', send: (c) => call(server, '/api/auth/renew', { method: 'POST', token: c.token }), expected: ALL(200), answer: answersNewToken },
    { name: 'GET /api/me', send: (c) => call(server, '/api/me', { token: c.token }), expected: ALL(200) },
    { name: 'PATCH /api/me (own language)', send: (c) => call(server, '/api/me', { method: 'PATCH', token: c.token, body: { language: 'en' } }), expected: ALL(200) },
    {
      name: 'PATCH /api/me (the tenant\'s colours)',
      send: (c) => call(server, '/api/me', { method: 'PATCH', token: c.token, body: { theme: { color3: '#c2410c' } } }),
      expected: { viewer: 403, operator: 403, admin: 200 },
    },
    {
      // Of an account of the role made for it: the role's demo account keeps its password for the other cases.
      name: 'POST /api/me/password (own password)',
      send: async (c) => {
        const own = await copyOf(c);
        const response = await call(server, '/api/me/password', { token: own.token, body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD } });
        if (response.ok) await answersNewToken(response.clone(), own);
        return response;
      },
      expected: ALL(200),
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
    {
      name: 'GET /api/orders/double-bookings',
      send: (c) => call(server, `/api/orders/double-bookings?from=${encodeURIComponent(range.begin)}&to=${encodeURIComponent(range.end)}`, { token: c.token }),
      expected: ALL(200),
    },
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
    { name: 'PUT /api/orders/{id}/presence', send: (c) => call(server, `/api/orders/${c.order.id}/presence`, { method: 'PUT', token: c.token, body: { editing: null } }), expected: ALL(204) },
    { name: 'DELETE /api/orders/{id}/presence', send: (c) => call(server, `/api/orders/${c.order.id}/presence`, { method: 'DELETE', token: c.token }), expected: ALL(204) },
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
      // Without a token (a session that ended sends it); one given changes nothing. Unknown endpoints are answered alike.
      name: 'DELETE /api/push/subscriptions',
      send: (c) => call(server, '/api/push/subscriptions', { method: 'DELETE', token: c.token, body: { endpoint: `https://127.0.0.1/push/${randomUUID()}` } }),
      expected: ALL(204),
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

  it('has a case for every route the backend registers, and a route for every case', () => {
    const covered = new Set(routes.map(routeOf));
    const api = [...registered].filter((route) => !OUTSIDE_THE_API.includes(route));
    expect({
      outsideTheApiUnnamed: api.filter((route) => !/^[A-Z]+ \/api\//.test(route)),
      routesWithoutCase: api.filter((route) => !covered.has(route)),
      casesWithoutRoute: [...covered, ...OUTSIDE_THE_API].filter((route) => !registered.has(route)),
    }).toEqual({ outsideTheApiUnnamed: [], routesWithoutCase: [], casesWithoutRoute: [] });
  });

  it.each(cases)('%s as %s answers %i', async (_name, role, status, route) => {
    const caller = await callerOf(role);
    const response = await route.send(caller);
    if (status === 403) {
      const problem = await expectProblem(response, 403);
      expect(problem).toMatchObject({ type: 'urn:order-cockpit:problem:forbidden', role });
      expect(['operator', 'admin']).toContain(problem.required);
    } else {
      expect(response.status).toBe(status);
      if (route.answer) await route.answer(response, caller);
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
