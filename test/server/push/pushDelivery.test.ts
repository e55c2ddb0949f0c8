import { createECDH, randomUUID } from 'node:crypto';
// The encryption library under `web-push`: the Appendix A vector below checks it as used.
import { encrypt as eceEncrypt } from 'http_ece';
import type { PushNotificationPayload } from '../../../server/push/orderNotification';
import { randomVapidKeys } from '../../../server/push/vapidKeys';
import { WebPushTransport } from '../../../server/push/WebPushTransport';
import type { RunningServer } from '../../../server/startServer';
import { FakePushService, opensslAvailable } from '../support/fakePushService';
import { tenantOf } from '../support/orderFixtures';
import { createOrder, storedSubscriptions, janaPetersensNotification } from '../support/pushFixtures';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { browserSubscription, decryptWebPush, parseAes128gcm, verifyVapidAuthorization } from '../support/webPushCrypto';

/** RFC 8291, Appendix A (line breaks removed). */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4' +
    'Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};
const b64 = (text: string) => Buffer.from(text, 'base64url');

describe('RFC 8291 Appendix A', () => {
  it('decrypts with the test support as a browser would', () => {
    expect(decryptWebPush(b64(RFC8291.body), b64(RFC8291.uaPrivate), b64(RFC8291.authSecret)).toString('utf8')).toBe(RFC8291.plaintext);
  });

  it('is what the encryption under web-push makes of the same keys and salt', () => {
    const sender = createECDH('prime256v1');
    sender.setPrivateKey(b64(RFC8291.asPrivate));
    const body = eceEncrypt(Buffer.from(RFC8291.plaintext), {
      version: 'aes128gcm',
      dh: RFC8291.uaPublic,
      privateKey: sender,
      salt: RFC8291.salt,
      authSecret: RFC8291.authSecret,
    });
    expect(body.toString('base64url')).toBe(RFC8291.body);
  });

  it('fails to decrypt with a wrong auth secret (the check can fail)', () => {
    expect(() => decryptWebPush(b64(RFC8291.body), b64(RFC8291.uaPrivate), Buffer.alloc(16))).toThrow();
  });
});

// `web-push` posts over HTTPS only: the fake push service needs a certificate, made with openssl.
const describeOverTls = opensslAvailable() ? describe : describe.skip;

describeOverTls('web push through the web-push package to a push service on loopback (skipped without openssl)', () => {
  const vapid = { ...randomVapidKeys(), subject: 'mailto:push-test@order-cockpit.example' };
  let service: FakePushService;
  let server: RunningServer;
  let token: string;
  let tenantId: string;

  const subscribe = async () => {
    const browser = browserSubscription(`${service.origin}/push/${randomUUID()}`);
    const response = await call(server, '/api/push/subscriptions', { body: browser.json, token });
    expect(response.status).toBe(201);
    return { ...browser, path: new URL(browser.json.endpoint).pathname };
  };
  const read = (body: Buffer, browser: ReturnType<typeof browserSubscription>) =>
    JSON.parse(decryptWebPush(body, browser.privateKey, b64(browser.json.keys.auth)).toString('utf8')) as PushNotificationPayload;

  beforeAll(async () => {
    service = await FakePushService.start();
    server = await startTestServer({
      seedOrders: 5,
      vapidKeys: vapid,
      vapidSubject: vapid.subject,
      push: { transport: new WebPushTransport(vapid, service.agent), endpoints: { allowedHosts: [service.host] }, sleep: async () => undefined },
    });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    await service?.close();
  });

  beforeEach(() => {
    service.received.length = 0;
  });

  it('delivers a message a browser can read: VAPID-signed, aes128gcm, TTL 1 h, normal urgency, within 4 KiB', async () => {
    const browser = await subscribe();
    const keyResponse = await call(server, '/api/push/public-key', { token });
    const { publicKey } = (await keyResponse.json()) as { publicKey: string };
    expect(publicKey).toBe(vapid.publicKey);

    const order = await createOrder(server, tenantId, { customer_name: 'Jana Petersen' });
    const [push] = await service.until(1);
    if (!push) throw new Error('nothing received');
    expect(push.path).toBe(browser.path);
    expect(push.headers).toEqual(
      expect.objectContaining({
        ttl: '3600',
        urgency: 'normal',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
      }),
    );
    const claims = verifyVapidAuthorization(push.headers.authorization as string | undefined, publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:push-test@order-cockpit.example');
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);

    const header = parseAes128gcm(push.body);
    expect(header.recordSize).toBe(4096);
    expect(header.keyId).toHaveLength(65);
    expect(push.body.length).toBeLessThanOrEqual(4096);
    expect(read(push.body, browser)).toEqual(janaPetersensNotification(order));
    await server.app.pushSender.idle();
  });

  it('keeps the largest message within 4096 bytes as sent, and it still decrypts', async () => {
    const browser = await subscribe();
    await createOrder(server, tenantId, { customer_name: 'Łukasz Żółć '.repeat(1000) });
    const received = await service.until(2);
    await server.app.pushSender.idle();
    const [push, ...more] = received.filter((item) => item.path === browser.path);
    expect(more).toEqual([]);
    expect(push?.body.length).toBeLessThanOrEqual(4096);
    expect(push?.body.length).toBeGreaterThan(4000);
    expect(read(push?.body ?? Buffer.alloc(0), browser).body.endsWith('…')).toBe(true);
  });

  it('deletes the subscription the push service answers 410 for', async () => {
    await server.database.query('DELETE FROM push_subscriptions');
    const gone = await subscribe();
    const kept = await subscribe();
    service.script(gone.path, { status: 410 });
    await createOrder(server, tenantId);
    await service.until(2);
    await server.app.pushSender.idle();
    expect((await storedSubscriptions(server)).map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
  });

  it('sends again after a 429 with Retry-After', async () => {
    await server.database.query('DELETE FROM push_subscriptions');
    const browser = await subscribe();
    service.script(browser.path, { status: 429, headers: { 'retry-after': '1' } });
    await createOrder(server, tenantId);
    const received = await service.until(2);
    await server.app.pushSender.idle();
    expect(received.map((push) => push.path)).toEqual([browser.path, browser.path]);
    expect(read(received[1]?.body ?? Buffer.alloc(0), browser).lang).toBe('de');
  });
});
