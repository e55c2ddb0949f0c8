import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { randomKey } from '../../../server/auth/signingKey';
import { InProcessEventHub } from '../../../server/events/InProcessEventHub';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { PushNotificationPayload } from '../../../server/push/orderNotification';
import type { RunningServer } from '../../../server/startServer';
import { tenantOf } from '../support/orderFixtures';
import { createOrder, newOrderRecord, RecordingPushTransport, TEST_PUSH_ENDPOINTS } from '../support/pushFixtures';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { browserSubscription } from '../support/webPushCrypto';

/**
 * Several backends on one database whose hub hands every event to all of them (as the hub on
 * PostgreSQL's LISTEN/NOTIFY does for several processes): a new order is pushed once in all, by the
 * backend that claims it first, and a claim left undone is taken over after its timeout.
 */
describe('web push claimed in the database', () => {
  const transports = [new RecordingPushTransport(), new RecordingPushTransport(), new RecordingPushTransport()];
  let server: RunningServer;
  const others: FastifyInstance[] = [];
  let tenantId: string;
  const endpoints: string[] = [];

  const senders = () => [server.app.pushSender, ...others.map((app) => app.pushSender)];
  const settled = () => Promise.all(senders().map((sender) => sender.idle()));
  const sent = () => transports.flatMap((transport) => transport.sent);
  const orderOf = (payload: string) => (JSON.parse(payload) as PushNotificationPayload).data.orderId;

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 5, push: { transport: transports[0], endpoints: TEST_PUSH_ENDPOINTS, claimSweepMs: 100 } });
    for (const transport of transports.slice(1)) {
      others.push(
        await buildApp({
          database: server.database,
          jwtKey: randomKey(),
          staticDir: '/nonexistent/order-cockpit-dist',
          release: 'test',
          productionHost: 'cockpit.example.com',
          events: { hub: server.events },
          // Never sweeping by itself: the first backend takes abandoned claims over.
          push: { transport, endpoints: TEST_PUSH_ENDPOINTS, claimSweepMs: 3_600_000 },
        }),
      );
    }
    tenantId = await tenantOf(server, GERMAN_EMAIL);
    const { token } = await login(server, GERMAN_EMAIL);
    for (const name of ['phone', 'desk']) {
      const { json } = browserSubscription(`https://push.example/send/${name}`);
      expect((await call(server, '/api/push/subscriptions', { body: json, token })).status).toBe(201);
      endpoints.push(json.endpoint);
    }
  }, STARTUP_TIMEOUT_MS);

  beforeEach(async () => {
    await settled();
    for (const transport of transports) transport.sent.length = 0;
  });

  afterAll(async () => {
    await Promise.all(others.map((app) => app.close()));
    await server?.close();
  });

  it('sends each new order once to each subscription, whichever backend claims it', async () => {
    const orders = [];
    for (let index = 0; index < 6; index++) orders.push(await createOrder(server, tenantId));
    await settled();
    const pushes = sent().map((push) => `${push.target.endpoint} ${orderOf(push.payload)}`);
    expect(pushes.sort()).toEqual(orders.flatMap((order) => endpoints.map((endpoint) => `${endpoint} ${order.id}`)).sort());
    const claims = await server.database.query<{ done: boolean }>('SELECT done_at IS NOT NULL AS done FROM push_claims');
    expect(claims).toHaveLength(6);
    expect(claims.every((claim) => claim.done)).toBe(true);
  });

  it('takes over a claim that ran out undone, and leaves claims in their time and done ones alone', async () => {
    // Published to a hub no backend listens to.
    const repository = new OrderRepository(server.database, new InProcessEventHub());
    const stored = [];
    for (let index = 0; index < 3; index++) {
      stored.push(await repository.create(tenantId, 'PU-2026-', newOrderRecord({ customer_name: `Verwaist ${index}` }), new Date()));
    }
    const [abandoned, running, done] = stored.map((change) => change.event);
    // Stored with their events and announced to no backend here; on PostgreSQL their notification
    // reaches the hub all the same, and those pushes go first.
    const hub = server.events as { deliveredId?: (tenant: string) => number };
    for (const deadline = Date.now() + 10_000; hub.deliveredId && hub.deliveredId(tenantId) < (done?.id ?? 0) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await settled();
    for (const transport of transports) transport.sent.length = 0;
    // Then the claims as a process that died while sending, one still sending and one done leave them.
    await server.database.query(
      `INSERT INTO push_claims AS c (tenant_id, event_id, claimed_by, claimed_at, claimed_until, done_at) VALUES
         ($1, $2, 'gone:1:a', now() - interval '5 minutes', now() - interval '1 second', NULL),
         ($1, $3, 'alive:2:b', now(), now() + interval '10 minutes', NULL),
         ($1, $4, 'alive:2:b', now(), now() + interval '10 minutes', now())
       ON CONFLICT (tenant_id, event_id) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_at = EXCLUDED.claimed_at,
         claimed_until = EXCLUDED.claimed_until, done_at = EXCLUDED.done_at`,
      [tenantId, abandoned?.id ?? 0, running?.id ?? 0, done?.id ?? 0],
    );
    await transports[0]?.until(2, 10_000);
    await settled();
    const abandonedOrder = (JSON.parse(abandoned?.data ?? '{}') as { id: string }).id;
    expect(sent().map((push) => `${push.target.endpoint} ${orderOf(push.payload)}`).sort()).toEqual(
      endpoints.map((endpoint) => `${endpoint} ${abandonedOrder}`).sort(),
    );
    const claims = await server.database.query<{ event_id: number; claimed_by: string; done: boolean }>(
      'SELECT event_id, claimed_by, done_at IS NOT NULL AS done FROM push_claims WHERE event_id = ANY($1::bigint[]) ORDER BY event_id',
      [[abandoned?.id ?? 0, running?.id ?? 0, done?.id ?? 0]],
    );
    expect(claims.map((claim) => [claim.claimed_by, claim.done])).toEqual([
      [server.holder, true],
      ['alive:2:b', false],
      ['alive:2:b', true],
    ]);
    // Taken over once: a second look finds nothing more to send.
    await server.app.pushSender.takeOverAbandoned();
    await settled();
    expect(sent()).toHaveLength(2);
  });
});
