import type { RunningServer } from '../../../server/startServer';
import { call, GERMAN_EMAIL, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

/**
 * Behind a reverse proxy every request comes from the proxy's address: with `trustProxy` (TRUST_PROXY)
 * naming it, the limits count by the client its `X-Forwarded-For` names; otherwise that header is not
 * believed (a client could name any address to escape the limits).
 */
describe('the client address behind a reverse proxy', () => {
  let behindProxy: RunningServer;
  let direct: RunningServer;
  const rateLimits = { perAccount: { max: 2, windowMs: 60_000 } };

  const fail = (server: RunningServer, forwardedFor: string) =>
    call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: 'wrong' }, headers: { 'x-forwarded-for': forwardedFor } });

  beforeAll(async () => {
    [behindProxy, direct] = await Promise.all([
      startTestServer({ seedOrders: 0, trustProxy: ['loopback'], login: { rateLimits } }),
      startTestServer({ seedOrders: 0, login: { rateLimits } }),
    ]);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => Promise.all([behindProxy?.close(), direct?.close()]));

  it('counts the forwarded client when the proxy is trusted', async () => {
    expect((await fail(behindProxy, '203.0.113.7')).status).toBe(401);
    // A client that names another address before the proxy's entry is still counted by the one the proxy saw.
    expect((await fail(behindProxy, '198.51.100.1, 203.0.113.7')).status).toBe(401);
    expect((await fail(behindProxy, '203.0.113.7')).status).toBe(429);
    expect((await fail(behindProxy, '203.0.113.8')).status).toBe(401);
  });

  it('counts the socket address otherwise, whatever the header says', async () => {
    expect((await fail(direct, '203.0.113.7')).status).toBe(401);
    expect((await fail(direct, '203.0.113.8')).status).toBe(401);
    expect((await fail(direct, '203.0.113.9')).status).toBe(429);
  });
});
