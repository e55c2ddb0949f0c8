import type { StoredEvent } from '../../../server/events/EventHub';
import { InProcessEventHub } from '../../../server/events/InProcessEventHub';
import { OrderPushSender, type OrderPushSenderOptions, type PushLog } from '../../../server/push/OrderPushSender';
import { PushEndpointPolicy } from '../../../server/push/PushEndpointPolicy';
import type { PushSubscriptionRepository, StoredPushSubscription } from '../../../server/push/PushSubscriptionRepository';
import { RecordingPushTransport, TEST_PUSH_ENDPOINTS } from '../support/pushFixtures';

const TENANT = '01900000-0000-7000-8000-000000000001';

/** The sender on its own: a hub of its own, subscriptions in memory, a recording transport and log. */
function setUp(
  count: number,
  options: OrderPushSenderOptions = {},
  ofTenant?: () => Promise<StoredPushSubscription[]>,
  endpoints = new PushEndpointPolicy(TEST_PUSH_ENDPOINTS),
) {
  const hub = new InProcessEventHub();
  const transport = new RecordingPushTransport();
  const subscriptions: StoredPushSubscription[] = Array.from({ length: count }, (_, index) => ({
    endpoint: `https://push.example/${index}`,
    userId: `user-${index}`,
    language: 'de',
    p256dh: 'p',
    auth: 'a',
    expirationTime: null,
  }));
  const discarded: string[] = [];
  const repository = {
    ofTenant: ofTenant ?? (async () => subscriptions),
    discard: async (endpoint: string) => {
      discarded.push(endpoint);
    },
  } as unknown as PushSubscriptionRepository;
  const logged: { level: 'warn' | 'error'; message: string }[] = [];
  const log: PushLog = {
    warn: (_details, message) => logged.push({ level: 'warn', message }),
    error: (_details, message) => logged.push({ level: 'error', message }),
  };
  const sender = new OrderPushSender(
    { hub, subscriptions: repository, transport, endpoints, clock: () => new Date('2026-06-15T10:00:00Z'), log },
    options,
  );
  sender.start();
  let id = 0;
  const newOrder = () => {
    id += 1;
    const event: StoredEvent = {
      tenantId: TENANT,
      id,
      type: 'order.created',
      data: JSON.stringify({ id: `order-${id}`, number: `AN-2026-00000${id}`, begin: '2026-06-16T08:00:00Z', station: 'Kiel', customer: { name: 'K' } }),
    };
    hub.publish(event);
  };
  return { sender, transport, logged, newOrder, subscriptions, discarded };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('OrderPushSender', () => {
  it('sends at most `concurrency` messages at a time', async () => {
    const { sender, transport, newOrder } = setUp(5, { concurrency: 2 });
    transport.hold();
    newOrder();
    await transport.until(2);
    await settle();
    expect(transport.sent).toHaveLength(2);
    transport.open();
    await sender.idle();
    expect(transport.sent).toHaveLength(5);
  });

  it('drops (and logs) what would wait beyond `maxWaiting`', async () => {
    const { sender, transport, newOrder, logged } = setUp(4, { concurrency: 1, maxWaiting: 2 });
    transport.hold();
    newOrder();
    await transport.until(1);
    transport.open();
    await sender.idle();
    expect(transport.sent).toHaveLength(3);
    expect(logged).toEqual([{ level: 'warn', message: 'web push: too many messages waiting; one was dropped' }]);
  });

  it('waits for Retry-After with a timer, and stopping ends that wait without the retry', async () => {
    const { sender, transport, newOrder } = setUp(1);
    transport.script('https://push.example/0', { statusCode: 429, retryAfter: '30' });
    newOrder();
    await transport.until(1);
    await settle();
    const started = Date.now();
    await sender.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(transport.sent).toHaveLength(1);
  });

  it('retries after the timer has run', async () => {
    const { sender, transport, newOrder } = setUp(1);
    transport.script('https://push.example/0', { statusCode: 429, retryAfter: '1' });
    const started = Date.now();
    newOrder();
    await sender.idle();
    expect(transport.sent).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('stopping drops the messages that have not started and waits for the one under way', async () => {
    const { sender, transport, newOrder } = setUp(3, { concurrency: 1 });
    transport.hold();
    newOrder();
    await transport.until(1);
    let stopped = false;
    const stopping = sender.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    transport.open();
    await stopping;
    expect(transport.sent).toHaveLength(1);
    newOrder();
    await settle();
    expect(transport.sent).toHaveLength(1);
  });

  it('checks the endpoint again before the retry of a 429: a name that turned inward meanwhile is not contacted', async () => {
    let addresses = ['93.184.215.14'];
    const endpoints = new PushEndpointPolicy({ serviceHosts: ['push.example'], resolve: async () => addresses });
    const { sender, transport, newOrder, logged, discarded } = setUp(
      1,
      {
        sleep: async () => {
          addresses = ['93.184.215.14', '127.0.0.1'];
        },
      },
      undefined,
      endpoints,
    );
    transport.script('https://push.example/0', { statusCode: 429, retryAfter: '1' });
    newOrder();
    await sender.idle();
    expect(transport.sent).toHaveLength(1);
    expect(discarded).toEqual(['https://push.example/0']);
    expect(logged).toEqual([{ level: 'warn', message: 'web push: endpoint refused; subscription deleted, nothing sent' }]);
  });

  it('logs a failure to read the subscriptions and keeps it from the hub and the order change', async () => {
    const { sender, transport, newOrder, logged } = setUp(1, {}, async () => {
      throw new Error('database gone');
    });
    expect(() => newOrder()).not.toThrow();
    await sender.idle();
    expect(transport.sent).toEqual([]);
    expect(logged).toEqual([{ level: 'error', message: 'web push: sending a new order failed' }]);
  });

  it('ignores events other than order.created and logs one without an order', async () => {
    const hub = new InProcessEventHub();
    const transport = new RecordingPushTransport();
    const logged: string[] = [];
    const sender = new OrderPushSender({
      hub,
      subscriptions: { ofTenant: async () => [], discard: async () => undefined } as unknown as PushSubscriptionRepository,
      transport,
      endpoints: new PushEndpointPolicy(TEST_PUSH_ENDPOINTS),
      clock: () => new Date(),
      log: { warn: (_d, message) => logged.push(message), error: (_d, message) => logged.push(message) },
    });
    sender.start();
    hub.publish({ tenantId: TENANT, id: 1, type: 'order.updated', data: '{}' });
    hub.publish({ tenantId: TENANT, id: 2, type: 'order.created', data: '{"id":"x"}' });
    await sender.idle();
    expect(logged).toEqual(['web push: the order.created event carries no order']);
    await sender.stop();
  });
});
