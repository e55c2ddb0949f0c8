import { MAX_SUBSCRIPTIONS_PER_USER } from '../../../server/push/PushSubscriptionRepository';
import type { RunningServer } from '../../../server/startServer';
import type { RuntimeConfig } from '../../../shared/RuntimeConfig';
import { tenantOf } from '../support/orderFixtures';
import { addUser, RecordingPushTransport, storedSubscriptions, TEST_PUSH_ENDPOINTS } from '../support/pushFixtures';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';
import { browserSubscription } from '../support/webPushCrypto';

describe('web push subscriptions', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let dana: { token: string; id: string };
  let colleague: { token: string; id: string };
  let olivia: { token: string; id: string };
  let germanTenant: string;
  let britishTenant: string;
  let serial = 0;

  const endpoint = () => {
    serial += 1;
    return `https://push.example/send/${serial}-${'a'.repeat(40)}`;
  };
  const subscribe = (body: unknown, token = dana.token, locale?: 'de' | 'en') =>
    call(server, '/api/push/subscriptions', { body, token, locale });
  const unsubscribe = (body: unknown, token = dana.token) => call(server, '/api/push/subscriptions', { method: 'DELETE', body, token });
  const rows = async (url: string) => (await storedSubscriptions(server)).filter((row) => row.endpoint === url);

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 5, push: { transport: new RecordingPushTransport(), endpoints: TEST_PUSH_ENDPOINTS } });
    germanTenant = await tenantOf(server, GERMAN_EMAIL);
    britishTenant = await tenantOf(server, BRITISH_EMAIL);
    await addUser(server, germanTenant, 'kollege@autohaus-nord.example', 'en');
    const signIn = async (email: string) => {
      const result = await login(server, email);
      return { token: result.token, id: result.user.id };
    };
    dana = await signIn(GERMAN_EMAIL);
    colleague = await signIn('kollege@autohaus-nord.example');
    olivia = await signIn(BRITISH_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  describe('GET /api/push/public-key', () => {
    it('answers the VAPID public key that /config.json announces: 65 bytes, base64url', async () => {
      const response = await call(server, '/api/push/public-key', { token: dana.token });
      expect(response.status).toBe(200);
      const { publicKey } = (await response.json()) as { publicKey: string };
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      const config = (await (await call(server, '/config.json')).json()) as RuntimeConfig;
      expect(config.vapidPublicKey).toBe(publicKey);
    });

    it('needs a token, like every /api call but login', async () => {
      await expectProblem(await call(server, '/api/push/public-key'), 401);
    });
  });

  describe('POST /api/push/subscriptions', () => {
    it('stores the subscription for the caller: 201', async () => {
      const { json } = browserSubscription(endpoint());
      const response = await subscribe(json);
      expect(response.status).toBe(201);
      expect(await response.text()).toBe('');
      expect(await rows(json.endpoint)).toEqual([{ endpoint: json.endpoint, user_id: dana.id, tenant_id: germanTenant }]);
      const [stored] = await server.database.query<{ p256dh: string; auth: string; expiration_time: string | null }>(
        'SELECT p256dh, auth, expiration_time FROM push_subscriptions WHERE endpoint = $1',
        [json.endpoint],
      );
      expect(stored).toEqual({ p256dh: json.keys.p256dh, auth: json.keys.auth, expiration_time: null });
    });

    it('is idempotent by endpoint: the same again is 201 and one row; new keys replace the old', async () => {
      const { json } = browserSubscription(endpoint(), Date.parse('2026-09-01T00:00:00.000Z'));
      expect((await subscribe(json)).status).toBe(201);
      expect((await subscribe(json)).status).toBe(201);
      expect(await rows(json.endpoint)).toHaveLength(1);
      const renewed = browserSubscription(json.endpoint).json;
      expect((await subscribe(renewed)).status).toBe(201);
      const stored = await server.database.query<{ p256dh: string; expiration_time: string | null }>(
        'SELECT p256dh, expiration_time FROM push_subscriptions WHERE endpoint = $1',
        [json.endpoint],
      );
      expect(stored).toEqual([{ p256dh: renewed.keys.p256dh, expiration_time: null }]);
    });

    it('keeps the expiration time the browser names', async () => {
      const { json } = browserSubscription(endpoint(), Date.parse('2026-09-01T12:30:00.000Z'));
      expect((await subscribe(json)).status).toBe(201);
      const [stored] = await server.database.query<{ expiration_time: string }>(
        'SELECT expiration_time FROM push_subscriptions WHERE endpoint = $1',
        [json.endpoint],
      );
      expect(stored?.expiration_time).toBe('2026-09-01T12:30:00.000Z');
    });

    it('moves a browser\'s subscription to whoever signed in there last, also across tenants', async () => {
      const { json } = browserSubscription(endpoint());
      expect((await subscribe(json)).status).toBe(201);
      expect((await subscribe(json, colleague.token)).status).toBe(201);
      expect(await rows(json.endpoint)).toEqual([{ endpoint: json.endpoint, user_id: colleague.id, tenant_id: germanTenant }]);
      expect((await subscribe(json, olivia.token)).status).toBe(201);
      expect(await rows(json.endpoint)).toEqual([{ endpoint: json.endpoint, user_id: olivia.id, tenant_id: britishTenant }]);
    });

    it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} per user, dropping the longest unrenewed`, async () => {
      const user = await addUser(server, germanTenant, 'viele.browser@autohaus-nord.example', 'de');
      const { token } = await login(server, 'viele.browser@autohaus-nord.example');
      const mine = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 2 }, () => browserSubscription(endpoint()).json);
      for (const subscription of mine) {
        clock.advance(1000);
        expect((await subscribe(subscription, token)).status).toBe(201);
        // The first one is renewed each time: it stays.
        if (subscription !== mine[0]) {
          clock.advance(1000);
          expect((await subscribe(mine[0], token)).status).toBe(201);
        }
      }
      const kept = (await storedSubscriptions(server)).filter((row) => row.user_id === user).map((row) => row.endpoint);
      expect(kept.sort()).toEqual([mine[0], ...mine.slice(3)].map((subscription) => subscription?.endpoint).sort());
    });

    it('needs a token', async () => {
      await expectProblem(await call(server, '/api/push/subscriptions', { body: browserSubscription(endpoint()).json }), 401);
    });

    it.each([
      ['an http endpoint', (json: Body) => ({ ...json, endpoint: 'http://push.example/send/1' }), 'endpoint', 'must be an https URL'],
      ['an http endpoint on loopback', (json: Body) => ({ ...json, endpoint: 'http://127.0.0.1:9/push' }), 'endpoint', 'must be an https URL'],
      ['no URL', (json: Body) => ({ ...json, endpoint: 'push.example/send' }), 'endpoint', 'must be a URL'],
      ['credentials in the URL', (json: Body) => ({ ...json, endpoint: 'https://user:pw@push.example/send' }), 'endpoint', 'must be an https URL'],
      ['an endpoint too long', (json: Body) => ({ ...json, endpoint: `https://push.example/${'a'.repeat(2048)}` }), 'endpoint', 'must have at most 2048 characters'],
      ['no endpoint', ({ endpoint: _endpoint, ...json }: Body) => json, 'endpoint', 'is required'],
      ['no keys', ({ keys: _keys, ...json }: Body) => json, 'keys', 'is required'],
      ['no auth', (json: Body) => ({ ...json, keys: { p256dh: json.keys.p256dh } }), 'keys.auth', 'is required'],
      ['an unknown field', (json: Body) => ({ ...json, topic: 'x' }), 'topic', 'is not a known field'],
      ['an unknown key', (json: Body) => ({ ...json, keys: { ...json.keys, extra: 'x' } }), 'keys.extra', 'is not a known field'],
      ['a short p256dh', (json: Body) => ({ ...json, keys: { ...json.keys, p256dh: json.keys.p256dh.slice(0, 60) } }), 'keys.p256dh', 'must have at least 87 characters'],
      ['a p256dh in base64', (json: Body) => ({ ...json, keys: { ...json.keys, p256dh: `+/${json.keys.p256dh.slice(2)}` } }), 'keys.p256dh', 'is invalid'],
      ['a short auth', (json: Body) => ({ ...json, keys: { ...json.keys, auth: 'c2hvcnQ' } }), 'keys.auth', 'must have at least 22 characters'],
      ['a text as expiration time', (json: Body) => ({ ...json, expirationTime: 'soon' }), 'expirationTime', 'must be of type number, null'],
    ])('refuses %s with 400, naming the field', async (_case, change, field, message) => {
      const { json } = browserSubscription(endpoint());
      const body = await expectProblem(await subscribe(change(json)), 400);
      expect(body.type).toBe('urn:order-cockpit:problem:validation');
      expect(body.errors).toEqual([{ field, message }]);
      expect(await rows(json.endpoint)).toEqual([]);
    });

    it('says so in German for x-ui-locale: de', async () => {
      const { json } = browserSubscription('http://push.example/send/1');
      const body = await expectProblem(await subscribe(json, dana.token, 'de'), 400);
      expect(body.title).toBe('Ungültige Anfrage');
      expect(body.errors).toEqual([{ field: 'endpoint', message: 'muss eine https-URL sein' }]);
    });

    it('refuses a p256dh that is no P-256 point with 422 (nothing could be encrypted for it)', async () => {
      const { json } = browserSubscription(endpoint());
      const notAPoint = Buffer.alloc(65, 0xff);
      notAPoint[0] = 0x04;
      const body = await expectProblem(await subscribe({ ...json, keys: { ...json.keys, p256dh: notAPoint.toString('base64url') } }), 422);
      expect(body.errors).toEqual([{ field: 'keys.p256dh', message: 'must be a P-256 public key' }]);
      expect(await rows(json.endpoint)).toEqual([]);
    });
  });

  describe('DELETE /api/push/subscriptions', () => {
    it('removes the caller\'s subscription: 204', async () => {
      const { json } = browserSubscription(endpoint());
      expect((await subscribe(json)).status).toBe(201);
      const response = await unsubscribe({ endpoint: json.endpoint });
      expect(response.status).toBe(204);
      expect(await rows(json.endpoint)).toEqual([]);
    });

    it('answers 204 for an unknown endpoint as well', async () => {
      expect((await unsubscribe({ endpoint: 'https://push.example/never-subscribed' })).status).toBe(204);
    });

    it('needs no token: the session has ended when the console sends it, the endpoint is the proof', async () => {
      const { json } = browserSubscription(endpoint());
      expect((await subscribe(json, colleague.token)).status).toBe(201);
      expect((await call(server, '/api/push/subscriptions', { method: 'DELETE', body: { endpoint: json.endpoint } })).status).toBe(204);
      expect(await rows(json.endpoint)).toEqual([]);
    });

    it('wants a strict body', async () => {
      expect((await expectProblem(await unsubscribe({}), 400)).errors).toEqual([{ field: 'endpoint', message: 'is required' }]);
      expect((await expectProblem(await unsubscribe({ endpoint: 'https://push.example/x', user: 'someone' }), 400)).errors).toEqual([
        { field: 'user', message: 'is not a known field' },
      ]);
    });
  });
});

type Body = ReturnType<typeof browserSubscription>['json'];
