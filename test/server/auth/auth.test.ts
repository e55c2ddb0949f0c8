import type { RunningServer } from '../../../server/startServer';
import type { OrderPage } from '../../../shared/Order';
import type { User } from '../../../shared/User';
import { seededRange, withRange } from '../support/orderRange';
import {
  EXPECTED_GERMAN_USER,
  BRITISH_EMAIL,
  call,
  DEMO_PASSWORD,
  expectProblem,
  GERMAN_EMAIL,
  login,
  STARTUP_TIMEOUT_MS,
  startTestServer,
} from '../support/testServer';
import { SystemTestClock } from '../support/SystemTestClock';

/** The lifetime of a token by default (the console renews it while in use). */
const TOKEN_LIFE_MS = 15 * 60 * 1000;

describe('authentication', () => {
  const clock = new SystemTestClock();
  const orders = withRange('/api/orders', seededRange(clock.now()));
  let server: RunningServer;

  beforeAll(async () => {
    clock.install();
    // The limits per address and account; the delay of an account's failures from any address is tested in accountDelay.test.ts.
    server = await startTestServer({ clock: clock.now, login: { accountDelay: { freeFailures: 10 } } });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    clock.uninstall();
    await server?.close();
  });

  describe('POST /api/auth/login', () => {
    it('answers a token, its expiry and the user for the right password', async () => {
      const response = await call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: DEMO_PASSWORD } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const result = (await response.json()) as { token: string; expiresAt: string; user: User };
      expect(result.token.split('.')).toHaveLength(3);
      expect(Date.parse(result.expiresAt) - clock.now().getTime()).toBeGreaterThan(TOKEN_LIFE_MS - 1000);
      expect(Date.parse(result.expiresAt) - clock.now().getTime()).toBeLessThanOrEqual(TOKEN_LIFE_MS);
      expect(result.user).toEqual(EXPECTED_GERMAN_USER);
      const claims = JSON.parse(Buffer.from(result.token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toEqual({
        sub: result.user.id,
        tenant: result.user.tenant.id,
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
        iat: Math.floor(clock.now().getTime() / 1000),
        auth_time: Math.floor(clock.now().getTime() / 1000),
        exp: Math.floor(clock.now().getTime() / 1000) + 15 * 60,
        // The user's sessions have never been ended.
        gen: 0,
        role: 'operator',
      });
    });

    it('compares the e-mail address without regard to case', async () => {
      const result = await login(server, BRITISH_EMAIL.toUpperCase());
      expect(result.user.email).toBe(BRITISH_EMAIL);
      expect(result.user.tenant.name).toBe('City Fleet Rentals');
      expect(result.user.theme).toEqual({});
    });

    it('answers 401 with the same problem for a wrong password and an unknown address', async () => {
      const wrongPassword = await call(server, '/api/auth/login', { body: { email: BRITISH_EMAIL, password: 'guess' } });
      const wrongBody = await expectProblem(wrongPassword, 401);
      expect(wrongBody.title).toBe('Sign-in failed');
      expect(wrongBody.detail).toBe('Wrong email or password.');

      const unknown = await call(server, '/api/auth/login', { body: { email: 'nobody@example.com', password: 'guess' } });
      expect(await expectProblem(unknown, 401)).toEqual(wrongBody);
    });

    it('speaks German when x-ui-locale is de', async () => {
      const response = await call(server, '/api/auth/login', {
        body: { email: GERMAN_EMAIL, password: 'falsch' },
        locale: 'de',
      });
      const body = await expectProblem(response, 401);
      expect(body.title).toBe('Anmeldung fehlgeschlagen');
      expect(body.detail).toBe('E-Mail oder Passwort ist falsch.');
    });

    it('refuses unknown and missing fields with 400', async () => {
      const extra = await call(server, '/api/auth/login', {
        body: { email: GERMAN_EMAIL, password: DEMO_PASSWORD, remember: true },
      });
      expect((await expectProblem(extra, 400)).errors).toEqual([{ field: 'remember', message: 'is not a known field' }]);

      const missing = await call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL }, locale: 'de' });
      expect((await expectProblem(missing, 400)).errors).toEqual([{ field: 'password', message: 'ist erforderlich' }]);
    });

    it('refuses malformed JSON and other content types', async () => {
      const malformed = await call(server, '/api/auth/login', { body: '{"email": ' });
      expect((await expectProblem(malformed, 400)).title).toBe('Malformed JSON');

      const text = await call(server, '/api/auth/login', { body: 'email=x', headers: { 'content-type': 'text/plain' } });
      await expectProblem(text, 415);
    });
  });

  describe('rate limit', () => {
    const email = 'limit-me@example.com';

    // Failures of the tests above have left the window.
    beforeAll(() => clock.advance(61_000));

    it('answers 429 with Retry-After from the 11th failure within a minute, even for the right password', async () => {
      const target = GERMAN_EMAIL.replace('disponent', 'DISPONENT');
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await call(server, '/api/auth/login', { body: { email: target, password: `wrong-${attempt}` } });
        expect(response.status).toBe(401);
        clock.advance(1000);
      }
      const eleventh = await call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: 'wrong-11' } });
      const body = await expectProblem(eleventh, 429);
      // The first failure was 10 s ago: it leaves the one-minute window in 50 s.
      expect(eleventh.headers.get('retry-after')).toBe('50');
      expect(body.detail).toContain('50 seconds');

      const rightPassword = await call(server, '/api/auth/login', {
        body: { email: GERMAN_EMAIL, password: DEMO_PASSWORD },
        locale: 'de',
      });
      expect((await expectProblem(rightPassword, 429)).title).toBe('Zu viele Anmeldeversuche');
      expect(Number(rightPassword.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('keeps other accounts from the same address apart', async () => {
      expect((await login(server, BRITISH_EMAIL)).user.email).toBe(BRITISH_EMAIL);
    });

    it('lets the account in again once the failures have left the window', async () => {
      clock.advance(51_000);
      expect((await login(server, GERMAN_EMAIL)).user.email).toBe(GERMAN_EMAIL);
    });

    it('counts unknown accounts too', async () => {
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expect((await call(server, '/api/auth/login', { body: { email, password: 'x' } })).status).toBe(401);
      }
      await expectProblem(await call(server, '/api/auth/login', { body: { email, password: 'x' } }), 429);
    });
  });

  describe('tokens', () => {
    it('answers 401 with WWW-Authenticate without a token', async () => {
      const response = await call(server, '/api/me');
      const body = await expectProblem(response, 401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(body.title).toBe('Not signed in');
      await expectProblem(await call(server, orders), 401);
    });

    it('answers 401 for a malformed token and for a token with a changed payload or signature', async () => {
      const { token } = await login(server, GERMAN_EMAIL);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const otherTenant = Buffer.from(JSON.stringify({ ...claims, tenant: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
      for (const bad of ['nonsense', `${header}.${otherTenant}.${signature}`, `${header}.${payload}.${flipped}`, unsigned]) {
        const response = await call(server, '/api/me', { token: bad });
        await expectProblem(response, 401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      }
      const wrongScheme = await call(server, '/api/me', { headers: { authorization: `Basic ${token}` } });
      await expectProblem(wrongScheme, 401);
      expect((await call(server, '/api/me', { token })).status).toBe(200);
    });

    it('answers 401 once the token has expired', async () => {
      const { token } = await login(server, BRITISH_EMAIL);
      clock.advance(TOKEN_LIFE_MS - 1000);
      expect((await call(server, '/api/me', { token })).status).toBe(200);
      clock.advance(1000);
      const response = await call(server, '/api/me', { token, locale: 'de' });
      expect((await expectProblem(response, 401)).title).toBe('Nicht angemeldet');
      await expectProblem(await call(server, orders, { token }), 401);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the token: 204, then 401 on every endpoint, while other tokens keep working', async () => {
      const first = await login(server, GERMAN_EMAIL);
      const second = await login(server, GERMAN_EMAIL);
      expect((await call(server, `${orders}&limit=1`, { token: first.token })).status).toBe(200);

      const logout = await call(server, '/api/auth/logout', { method: 'POST', token: first.token });
      expect(logout.status).toBe(204);
      expect(await logout.text()).toBe('');

      await expectProblem(await call(server, '/api/me', { token: first.token }), 401);
      await expectProblem(await call(server, orders, { token: first.token }), 401);
      await expectProblem(await call(server, '/api/me', { method: 'PATCH', token: first.token, body: { language: 'en' } }), 401);
      await expectProblem(await call(server, '/api/auth/logout', { method: 'POST', token: first.token }), 401);

      const page = (await (await call(server, `${orders}&limit=1`, { token: second.token })).json()) as OrderPage;
      expect(page.items).toHaveLength(1);
    });

    it('needs a token', async () => {
      await expectProblem(await call(server, '/api/auth/logout', { method: 'POST' }), 401);
    });
  });
});
