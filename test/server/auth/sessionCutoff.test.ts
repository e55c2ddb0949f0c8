import type { RunningServer } from '../../../server/startServer';
import type { LoginResult } from '../../../shared/User';
import { EventStreamClient } from '../support/eventStream';
import { BRITISH_EMAIL, call, DEMO_PASSWORD, expectProblem, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

const NEW_PASSWORD = 'werkstatt tor sieben';

// Six password hashes and two streams: seconds on a busy machine.
jest.setTimeout(30_000);

/**
 * A changed password ends every session from before it, however close: the clock of this server
 * stands still, so the sign-ins and the change happen in the same millisecond.
 */
describe('the end of the sessions at a changed password', () => {
  const clock = new TestClock();
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 0 });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const renew = (token: string) => call(server, '/api/auth/renew', { method: 'POST', token });

  it('leaves no session of the same second alive: its renewal is refused and its stream ends; the new one goes on', async () => {
    const before = await login(server, BRITISH_EMAIL);
    const stream = await EventStreamClient.open(server, { token: before.token });
    expect(stream.response.status).toBe(200);
    const changing = await login(server, BRITISH_EMAIL);

    const response = await call(server, '/api/me/password', { token: changing.token, body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(response.status).toBe(200);
    const changed = (await response.json()) as LoginResult;

    expect(await stream.ended).toBe(true);
    await expectProblem(await renew(before.token), 401);
    expect((await call(server, '/api/me', { token: before.token })).status).toBe(401);
    expect((await EventStreamClient.open(server, { token: before.token })).response.status).toBe(401);

    expect((await call(server, '/api/me', { token: changed.token })).status).toBe(200);
    const renewed = await renew(changed.token);
    expect(renewed.status).toBe(200);
    const { token } = (await renewed.json()) as LoginResult;
    const newStream = await EventStreamClient.open(server, { token });
    expect(newStream.response.status).toBe(200);
    newStream.abort();
    // A sign-in with the new password in that same millisecond counts too.
    expect((await call(server, '/api/me', { token: (await login(server, BRITISH_EMAIL, NEW_PASSWORD)).token })).status).toBe(200);
  });
});
