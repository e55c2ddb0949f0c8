import { type BackendProcess, BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { EventStreamClient } from '../support/eventStream';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { DEMO_PASSWORD, GERMAN_ADMIN_EMAIL, GERMAN_EMAIL } from '../support/testServer';
import { announce, leave, untilPresence } from './presenceSupport';
import type { LoginResult } from '../../../shared/User';
import type { OrderPage } from '../../../shared/Order';
import { seededRange, withRange } from '../support/orderRange';

jest.setTimeout(60_000);

const TTL_SECONDS = 2;

async function login(backend: BackendProcess, email: string): Promise<LoginResult> {
  const response = await fetch(`${backend.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  expect(response.status).toBe(200);
  return (await response.json()) as LoginResult;
}

describeOnPostgres('presence across backend processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let backends: BackendProcesses;
  const clients: EventStreamClient[] = [];

  async function open(backend: BackendProcess, token: string): Promise<EventStreamClient> {
    const client = await EventStreamClient.open(backend.url, { token });
    clients.push(client);
    expect(client.response.status).toBe(200);
    await client.until((c) => c.opening !== undefined, 5000, 'the stream to start');
    return client;
  }

  async function anOrder(backend: BackendProcess, token: string, index: number): Promise<string> {
    const response = await fetch(`${backend.url}${withRange('/api/orders?limit=10', seededRange())}`, { headers: { authorization: `Bearer ${token}` } });
    const page = (await response.json()) as OrderPage;
    const order = page.items[index];
    if (!order) throw new Error('no seeded order');
    return order.id;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('presence_multi');
    backends = await BackendProcesses.start(2, { databaseUrl: scratch.url, seedOrders: 10, env: { PRESENCE_TTL: String(TTL_SECONDS) } });
  }, 2 * PROCESS_START_TIMEOUT_MS);

  afterEach(() => {
    for (const client of clients.splice(0)) client.abort();
  });

  afterAll(async () => {
    for (const client of clients.splice(0)) client.abort();
    await backends?.stopAll();
    await scratch?.drop();
  });

  it('hands a presence announced on one process to the streams of another, and its end after DELETE', async () => {
    const [a, b] = [backends.at(0), backends.at(1)];
    const operator = await login(a, GERMAN_EMAIL);
    const admin = await login(b, GERMAN_ADMIN_EMAIL);
    const orderId = await anOrder(a, operator.token, 0);
    const onB = await open(b, admin.token);
    expect((await announce(a.url, operator.token, orderId, 'notes')).status).toBe(204);
    await untilPresence(onB, orderId, [`${operator.user.name}:notes`]);
    // Both processes know it: one on each side shows both people.
    expect((await announce(b.url, admin.token, orderId)).status).toBe(204);
    const onA = await open(a, operator.token);
    await untilPresence(onA, orderId, [`${admin.user.name}:-`, `${operator.user.name}:notes`].sort());
    await untilPresence(onB, orderId, [`${admin.user.name}:-`, `${operator.user.name}:notes`].sort());
    expect((await leave(a.url, operator.token, orderId)).status).toBe(204);
    await untilPresence(onB, orderId, [`${admin.user.name}:-`]);
    expect((await leave(b.url, admin.token, orderId)).status).toBe(204);
    await untilPresence(onA, orderId, []);
  });

  it('ends a presence another process announced once it is not renewed', async () => {
    const [a, b] = [backends.at(0), backends.at(1)];
    const operator = await login(a, GERMAN_EMAIL);
    const orderId = await anOrder(a, operator.token, 1);
    const onB = await open(b, operator.token);
    expect((await announce(a.url, operator.token, orderId, 'status')).status).toBe(204);
    await untilPresence(onB, orderId, [`${operator.user.name}:status`]);
    const told = Date.now();
    await untilPresence(onB, orderId, [], TTL_SECONDS * 1000 * 3);
    expect(Date.now() - told).toBeGreaterThanOrEqual(TTL_SECONDS * 1000 - 500);
  });

  it('ends the presences of a session that ends on another process at once', async () => {
    const [a, b] = [backends.at(0), backends.at(1)];
    const session = await login(a, GERMAN_EMAIL);
    const admin = await login(b, GERMAN_ADMIN_EMAIL);
    const orderId = await anOrder(a, session.token, 2);
    const onB = await open(b, admin.token);
    await announce(a.url, session.token, orderId, 'end');
    await untilPresence(onB, orderId, [`${session.user.name}:end`]);
    // Logged out through B: A hears the revocation, drops the presence and tells B.
    const logout = await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
    expect(logout.status).toBe(204);
    await untilPresence(onB, orderId, [], 1000);
  });
});
