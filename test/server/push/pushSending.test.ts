import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { PushNotificationPayload } from '../../../server/push/orderNotification';
import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import { EventStreamClient } from '../support/eventStream';
import { tenantOf } from '../support/orderFixtures';
import { addUser, createOrder, janaPetersensNotification, RecordingPushTransport, storedSubscriptions, TEST_PUSH_ENDPOINTS } from '../support/pushFixtures';
import { BRITISH_EMAIL, call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';
import { browserSubscription } from '../support/webPushCrypto';

interface LogLine {
  level: number;
  msg: string;
  origin?: string;
  statusCode?: number;
  err?: { message?: string };
}

describe('web push of new orders', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  const transport = new RecordingPushTransport();
  const waits: number[] = [];
  const logLines: LogLine[] = [];
  let server: RunningServer;
  let germanTenant: string;
  let britishTenant: string;
  const tokens: Record<'dana' | 'colleague' | 'olivia', string> = { dana: '', colleague: '', olivia: '' };
  let serial = 0;

  /** Subscribes a new browser of `who`; answers its endpoint. */
  const subscribeBrowser = async (who: keyof typeof tokens, expirationTime: number | null = null): Promise<string> => {
    serial += 1;
    const { json } = browserSubscription(`https://push.example/send/${who}-${serial}`, expirationTime);
    const response = await call(server, '/api/push/subscriptions', { body: json, token: tokens[who] });
    expect(response.status).toBe(201);
    return json.endpoint;
  };
  const payloadOf = (endpoint: string): PushNotificationPayload => {
    const [push] = transport.to(endpoint);
    if (!push) throw new Error(`nothing sent to ${endpoint}`);
    return JSON.parse(push.payload) as PushNotificationPayload;
  };
  const settled = () => server.app.pushSender.idle();
  const endpoints = async () => (await storedSubscriptions(server)).map((row) => row.endpoint);

  beforeAll(async () => {
    server = await startTestServer({
      clock: clock.now,
      seedOrders: 5,
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) } },
      push: {
        transport,
        endpoints: TEST_PUSH_ENDPOINTS,
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    });
    germanTenant = await tenantOf(server, GERMAN_EMAIL);
    britishTenant = await tenantOf(server, BRITISH_EMAIL);
    await addUser(server, germanTenant, 'colleague@autohaus-nord.example', 'en');
    tokens.dana = (await login(server, GERMAN_EMAIL)).token;
    tokens.colleague = (await login(server, 'colleague@autohaus-nord.example')).token;
    tokens.olivia = (await login(server, BRITISH_EMAIL)).token;
  }, STARTUP_TIMEOUT_MS);

  beforeEach(async () => {
    await settled();
    await server.database.query('DELETE FROM push_subscriptions');
    transport.sent.length = 0;
    waits.length = 0;
    logLines.length = 0;
  });

  afterAll(() => server?.close());

  it('sends one push to every subscription of the tenant, in its user\'s language, and none to other tenants', async () => {
    const danaPhone = await subscribeBrowser('dana');
    const danaDesk = await subscribeBrowser('dana');
    const colleagues = await subscribeBrowser('colleague');
    const olivias = await subscribeBrowser('olivia');

    const order = await createOrder(server, germanTenant, { customer_name: 'Jana Petersen', station: 'Kiel' });
    await settled();

    expect(transport.sent.map((push) => push.target.endpoint).sort()).toEqual([danaPhone, danaDesk, colleagues].sort());
    expect(transport.to(olivias)).toEqual([]);
    expect(payloadOf(danaPhone)).toEqual(janaPetersensNotification(order));
    expect(payloadOf(colleagues)).toEqual(
      expect.objectContaining({ title: `New order ${order.number}`, body: 'Jana Petersen\nBegins: Tue, 16 Jun 2026, 09:00 · Station: Kiel', lang: 'en' }),
    );
    for (const push of transport.sent) {
      expect(push.options).toEqual({ ttlSeconds: 3600, urgency: 'normal' });
      expect(Buffer.byteLength(push.payload)).toBeLessThanOrEqual(4096 - 103);
    }
    const [stored] = await server.database.query<{ p256dh: string; auth: string }>('SELECT p256dh, auth FROM push_subscriptions WHERE endpoint = $1', [
      danaPhone,
    ]);
    expect(transport.to(danaPhone)[0]?.target.keys).toEqual(stored);

    await createOrder(server, britishTenant);
    await settled();
    expect(transport.sent.map((push) => push.target.endpoint).filter((endpoint) => endpoint === olivias)).toHaveLength(1);
    expect(transport.sent).toHaveLength(4);
  });

  it('sends nothing for changes and deletions of orders', async () => {
    await subscribeBrowser('dana');
    const order = await createOrder(server, germanTenant);
    await settled();
    expect(transport.sent).toHaveLength(1);

    const response = await call(server, `/api/orders/${order.id}`, {
      method: 'PATCH',
      token: tokens.dana,
      body: { status: 'confirmed' },
      headers: { 'if-match': `"${order.version}"` },
    });
    expect(response.status).toBe(200);
    await settled();
    const removal = await new OrderRepository(server.database, server.events).delete(germanTenant, order.id, clock.now());
    await settled();
    expect(removal?.event.type).toBe('order.deleted');
    expect(transport.sent).toHaveLength(1);
  });

  it('fits a payload with an endless customer name into the limit, cutting the body', async () => {
    const endpoint = await subscribeBrowser('dana');
    await createOrder(server, germanTenant, { customer_name: 'Müller '.repeat(2000) });
    await settled();
    const [push] = transport.to(endpoint);
    expect(Buffer.byteLength(push?.payload ?? '')).toBeLessThanOrEqual(4096 - 103);
    expect(Buffer.byteLength(push?.payload ?? '')).toBeGreaterThan(3900);
    expect(payloadOf(endpoint).body.endsWith('…')).toBe(true);
  });

  it.each([404, 410])('deletes a subscription the push service answers %i for, and keeps the others', async (status) => {
    const gone = await subscribeBrowser('dana');
    const kept = await subscribeBrowser('colleague');
    transport.script(gone, { statusCode: status });
    await createOrder(server, germanTenant);
    await settled();
    expect(transport.sent).toHaveLength(2);
    expect(await endpoints()).toEqual([kept]);
    expect(logLines).toEqual([]);
  });

  it('keeps a subscription on other refusals and logs them with the push service\'s origin only', async () => {
    const endpoint = await subscribeBrowser('dana');
    transport.script(endpoint, { statusCode: 500 }, { statusCode: 413 });
    await createOrder(server, germanTenant);
    await createOrder(server, germanTenant);
    await settled();
    expect(await endpoints()).toEqual([endpoint]);
    expect(logLines.map((line) => [line.msg, line.statusCode, line.origin])).toEqual([
      ['web push: the push service refused a message', 500, 'https://push.example'],
      ['web push: the push service refused a message', 413, 'https://push.example'],
    ]);
    expect(JSON.stringify(logLines)).not.toContain('/send/');
  });

  it('retries a 429 once, after the Retry-After seconds', async () => {
    const endpoint = await subscribeBrowser('dana');
    transport.script(endpoint, { statusCode: 429, retryAfter: '7' }, { statusCode: 201 });
    await createOrder(server, germanTenant);
    await settled();
    expect(transport.to(endpoint)).toHaveLength(2);
    expect(transport.to(endpoint)[1]?.payload).toBe(transport.to(endpoint)[0]?.payload);
    expect(waits).toEqual([7000]);
    expect(logLines).toEqual([]);
  });

  it('retries a 429 after an HTTP date, only once, and a 410 on the retry still deletes', async () => {
    const endpoint = await subscribeBrowser('dana');
    const inHalfAMinute = new Date(clock.now().getTime() + 30_000).toUTCString();
    transport.script(endpoint, { statusCode: 429, retryAfter: inHalfAMinute }, { statusCode: 429, retryAfter: '1' });
    await createOrder(server, germanTenant);
    await settled();
    expect(transport.to(endpoint)).toHaveLength(2);
    expect(waits).toEqual([30_000]);
    expect(logLines.map((line) => line.statusCode)).toEqual([429]);

    transport.script(endpoint, { statusCode: 429, retryAfter: '2' }, { statusCode: 410 });
    await createOrder(server, germanTenant);
    await settled();
    expect(await endpoints()).toEqual([]);
  });

  it('waits 5 s for a 429 without Retry-After, and drops the message when asked to wait longer than a minute', async () => {
    const endpoint = await subscribeBrowser('dana');
    transport.script(endpoint, { statusCode: 429 }, { statusCode: 201 }, { statusCode: 429, retryAfter: '3600' });
    await createOrder(server, germanTenant);
    await settled();
    await createOrder(server, germanTenant);
    await settled();
    expect(transport.to(endpoint)).toHaveLength(3);
    expect(waits).toEqual([5000]);
    expect(logLines.map((line) => line.msg)).toEqual(['web push: rate limited for longer than we wait; message dropped']);
    expect(await endpoints()).toEqual([endpoint]);
  });

  it('drops expired subscriptions instead of sending to them', async () => {
    const expired = await subscribeBrowser('dana', clock.now().getTime() - 1000);
    const current = await subscribeBrowser('dana', clock.now().getTime() + 86_400_000);
    await createOrder(server, germanTenant);
    await settled();
    expect(transport.sent.map((push) => push.target.endpoint)).toEqual([current]);
    expect(await endpoints()).toEqual([current]);
    expect(expired).not.toBe(current);
  });

  it('never holds up or fails the order change: a hanging or failing push service is only logged', async () => {
    const failing = await subscribeBrowser('dana');
    const hanging = await subscribeBrowser('colleague');
    transport.script(failing, new Error('connect ECONNREFUSED'));
    transport.hold();
    const stream = await EventStreamClient.open(server, { token: tokens.dana });
    try {
      await stream.until((client) => client.retry !== undefined, 5000, 'the retry line');
      const order = await createOrder(server, germanTenant);
      await transport.until(2);
      // The pushes are under way (held): the order is there and streamed all the same.
      const response = await call(server, `/api/orders/${order.id}`, { token: tokens.dana });
      expect(response.status).toBe(200);
      expect(((await response.json()) as Order).number).toBe(order.number);
      await stream.until((client) => client.events.some((event) => event.event === 'order.created'), 5000, 'order.created');
      expect(transport.to(hanging)).toHaveLength(1);
    } finally {
      stream.abort();
      transport.open();
    }
    await settled();
    expect(logLines.map((line) => [line.msg, line.err?.message, line.origin])).toEqual([
      ['web push: a message could not be sent', 'connect ECONNREFUSED', 'https://push.example'],
    ]);
    expect(await endpoints()).toEqual([failing, hanging].sort());
  });

  it('stops with the server: the push under way ends first, nothing is sent afterwards', async () => {
    await subscribeBrowser('dana');
    transport.hold();
    const order = await createOrder(server, germanTenant);
    await transport.until(1);
    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    transport.open();
    await closing;
    expect(closed).toBe(true);
    // A stopped sender does not even look for subscriptions (the database is closed: that would be logged).
    server.events.publish({ tenantId: germanTenant, id: 999_999, type: 'order.created', data: JSON.stringify(order) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.sent).toHaveLength(1);
    expect(logLines).toEqual([]);
  });
});
