import type { RunningServer } from '../../../server/startServer';
import type { LoginResult } from '../../../shared/User';
import { EventStreamClient } from '../support/eventStream';
import {
  BRITISH_EMAIL,
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
import { SystemTestClock } from '../support/SystemTestClock';

const NEW_PASSWORD = 'Werkstatt-Kiel 2026!';

// Each sign-in and each change hashes a password (scrypt at OWASP's cost, about half a second of a core, more on a busy machine).
jest.setTimeout(30_000);

describe('POST /api/me/password', () => {
  const clock = new SystemTestClock();
  let server: RunningServer;

  beforeAll(async () => {
    clock.install();
    server = await startTestServer({ clock: clock.now });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    clock.uninstall();
    await server?.close();
  });

  const change = (token: string, body: unknown, locale?: 'de' | 'en') => call(server, '/api/me/password', { token, body, locale });

  it('takes a new password, ends every session of the user (their streams too) and answers a new token for the one that changed it', async () => {
    const changing = await login(server, BRITISH_EMAIL);
    const elsewhere = await login(server, BRITISH_EMAIL);
    const colleague = await login(server, BRITISH_VIEWER_EMAIL);
    const streamElsewhere = await EventStreamClient.open(server, { token: elsewhere.token });
    const streamOfColleague = await EventStreamClient.open(server, { token: colleague.token });
    expect(streamElsewhere.response.status).toBe(200);
    // The change comes a while after those sign-ins (tokens tell their time in whole seconds).
    clock.advance(60_000);

    const response = await change(changing.token, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const result = (await response.json()) as LoginResult;
    expect(result.user.email).toBe(BRITISH_EMAIL);
    expect(result.token).not.toBe(changing.token);

    expect(await streamElsewhere.ended).toBe(true);
    expect((await call(server, '/api/me', { token: elsewhere.token })).status).toBe(401);
    expect((await call(server, '/api/me', { token: changing.token })).status).toBe(401);
    expect((await call(server, '/api/me', { token: result.token })).status).toBe(200);
    expect((await call(server, '/api/me', { token: colleague.token })).status).toBe(200);
    expect(streamOfColleague.isFinished).toBe(false);
    streamOfColleague.abort();

    const refused = await call(server, '/api/auth/login', { body: { email: BRITISH_EMAIL, password: DEMO_PASSWORD } });
    expect(refused.status).toBe(401);
    expect((await login(server, BRITISH_EMAIL, NEW_PASSWORD)).user.email).toBe(BRITISH_EMAIL);
    // A stream opened later with a token from before the change is refused, as every request is.
    expect((await EventStreamClient.open(server, { token: elsewhere.token })).response.status).toBe(401);
  });

  it('names a wrong current password and a new one too short at once, translated, and changes nothing', async () => {
    const { token } = await login(server, GERMAN_EMAIL);
    const body = await expectProblem(await change(token, { currentPassword: 'nicht-das-richtige', newPassword: 'kurz' }, 'de'), 422);
    expect(body.errors).toEqual([
      { field: 'currentPassword', message: 'ist nicht Ihr aktuelles Passwort' },
      { field: 'newPassword', message: 'muss mindestens 12 Zeichen haben' },
    ]);
    expect((await call(server, '/api/me', { token })).status).toBe(200);
    expect((await login(server, GERMAN_EMAIL)).user.email).toBe(GERMAN_EMAIL);
  });

  it.each([
    ['one of the most common passwords, whatever its case', 'QWERTY123456', 'is one of the most common passwords; choose another'],
    ['the e-mail address', ` ${GERMAN_EMAIL.toUpperCase()} `, 'must not be your e-mail address'],
    ['the current password', DEMO_PASSWORD, 'must differ from your current password'],
    ['12 characters counted as the user sees them (11 with an emoji)', 'Fahrzeug-😀x', 'must have at least 12 characters'],
  ])('refuses as the new password %s', async (_what, newPassword, message) => {
    const { token } = await login(server, GERMAN_EMAIL);
    const body = await expectProblem(await change(token, { currentPassword: DEMO_PASSWORD, newPassword }, 'en'), 422);
    expect(body.errors).toEqual([{ field: 'newPassword', message }]);
    expect((await call(server, '/api/me', { token })).status).toBe(200);
  });

  it('refuses a body of the wrong shape with 400 naming the field, and a change without a token with 401', async () => {
    const { token } = await login(server, GERMAN_EMAIL);
    const missing = await expectProblem(await change(token, { newPassword: NEW_PASSWORD }), 400);
    expect(missing.errors?.map((error) => error.field)).toEqual(['currentPassword']);
    const typed = await expectProblem(await change(token, { currentPassword: DEMO_PASSWORD, newPassword: 123456789012 }), 400);
    expect(typed.errors?.map((error) => error.field)).toEqual(['newPassword']);
    expect((await call(server, '/api/me/password', { body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(401);
  });

  it('counts wrong current passwords as failed sign-ins of the account: 429 once too many, even for the right one', async () => {
    const { token } = await login(server, GERMAN_ADMIN_EMAIL);
    // The account's first five failures are free (auth/AccountFailureDelay.ts), the sixth waits.
    for (let attempt = 0; attempt < 5; attempt++) {
      await expectProblem(await change(token, { currentPassword: `falsch-${attempt}`, newPassword: NEW_PASSWORD }), 422);
    }
    const limited = await expectProblem(await change(token, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }), 429);
    expect(limited.type).toBe('urn:order-cockpit:problem:too-many-attempts');
    expect(Number((await change(token, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(61_000);
    expect((await change(token, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
  });
});
