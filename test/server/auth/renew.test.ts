import type { RunningServer } from '../../../server/startServer';
import type { LoginResult } from '../../../shared/User';
import { EventStreamClient } from '../support/eventStream';
import { call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

const MINUTE = 60_000;

// Sign-ins (a password hash each) and streams: more than five seconds on a busy machine.
jest.setTimeout(30_000);
/** The claims of a token the backend issued, read without checking (the backend checks). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string; iat: number; exp: number; auth_time: number };

describe('POST /api/auth/renew', () => {
  const clock = new TestClock();
  let server: RunningServer;

  beforeAll(async () => {
    // Tokens of 15 minutes, sessions of at most an hour: renewals are what keep a session going.
    server = await startTestServer({ clock: clock.now, tokenTtlSeconds: 15 * 60, sessionMaxSeconds: 60 * 60 });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const renew = (token: string) => call(server, '/api/auth/renew', { method: 'POST', token, locale: 'en' });

  it('answers a new token of the same session and revokes the old one, ending its stream; the new one resumes it', async () => {
    const signedIn = await login(server, GERMAN_EMAIL);
    const stream = await EventStreamClient.open(server, { token: signedIn.token });
    expect(stream.response.status).toBe(200);
    clock.advance(10 * MINUTE);

    const response = await renew(signedIn.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const renewed = (await response.json()) as LoginResult;
    expect(renewed.user).toEqual(signedIn.user);
    const before = claimsOf(signedIn.token);
    const after = claimsOf(renewed.token);
    expect(after).toMatchObject({ sub: before.sub, auth_time: before.iat, iat: before.iat + 600, exp: before.iat + 600 + 900 });
    expect(Date.parse(renewed.expiresAt)).toBe(after.exp * 1000);

    expect((await call(server, '/api/me', { token: signedIn.token })).status).toBe(401);
    expect((await call(server, '/api/me', { token: renewed.token })).status).toBe(200);
    expect(await stream.ended).toBe(true);
    const resumed = await EventStreamClient.open(server, { token: renewed.token, lastEventId: stream.opening?.id ?? '0' });
    expect(resumed.response.status).toBe(200);
    resumed.abort();
  });

  it('never gives a token beyond the session\'s longest time since its sign-in, after which it is over', async () => {
    let { token } = await login(server, GERMAN_EMAIL);
    const began = claimsOf(token).iat;
    for (let step = 0; step < 5; step++) {
      clock.advance(10 * MINUTE);
      const response = await renew(token);
      expect(response.status).toBe(200);
      token = ((await response.json()) as LoginResult).token;
      expect(claimsOf(token)).toMatchObject({ auth_time: began, exp: Math.min(began + (step + 1) * 600 + 900, began + 3600) });
    }
    expect(claimsOf(token).exp).toBe(began + 3600);
    clock.advance(10 * MINUTE);
    await expectProblem(await renew(token), 401);
    expect((await call(server, '/api/me', { token })).status).toBe(401);
  });

  it('renews a token once: of renewals sent at once with it, one answers a new token, the others 401', async () => {
    const { token } = await login(server, GERMAN_EMAIL);
    const answers = await Promise.all(Array.from({ length: 6 }, () => renew(token)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.status !== 200)) {
      expect((await expectProblem(lost, 401)).type).toBe('urn:order-cockpit:problem:unauthorized');
      expect(lost.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
    const renewed = ((await won[0]?.json()) as LoginResult).token;
    expect((await call(server, '/api/me', { token: renewed })).status).toBe(200);
    expect((await call(server, '/api/me', { token })).status).toBe(401);
    await expectProblem(await renew(token), 401);
  });

  it('renews no token that is expired, revoked or absent', async () => {
    const { token } = await login(server, GERMAN_EMAIL);
    clock.advance(15 * MINUTE);
    await expectProblem(await renew(token), 401);
    const other = await login(server, GERMAN_EMAIL);
    expect((await call(server, '/api/auth/logout', { method: 'POST', token: other.token })).status).toBe(204);
    await expectProblem(await renew(other.token), 401);
    await expectProblem(await call(server, '/api/auth/renew', { method: 'POST' }), 401);
  });
});
