import { PasswordVerifier } from '../../../server/auth/PasswordVerifier';
import { hashPassword, needsRehash, OWASP_SCRYPT_COST, verifyPassword } from '../../../server/auth/passwords';
import type { RunningServer } from '../../../server/startServer';
import { UserRepository } from '../../../server/users/UserRepository';
import { call, DEMO_PASSWORD, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

// A hash at OWASP's cost takes about half a second of a core, seconds on a busy machine.
jest.setTimeout(120_000);

/** The hashes of before: N = 2^14. */
const OLD_COST = { N: 2 ** 14, r: 8, p: 1 };
/** A cheap cost for what the cost does not matter to. */
const CHEAP_COST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('are made at OWASP\'s scrypt cost by default: N = 2^17, r = 8, p = 1', async () => {
    expect(OWASP_SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('werkstatt tor sieben');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('werkstatt tor sieben', hash)).toBe(true);
    expect(await verifyPassword('werkstatt tor acht', hash)).toBe(false);
    expect(new PasswordVerifier().cost).toEqual(OWASP_SCRYPT_COST);
  });

  it('are weaker than OWASP\'s when made with a smaller N, r or p, and not when malformed', async () => {
    expect(needsRehash(await hashPassword('x', OLD_COST))).toBe(true);
    expect(needsRehash('scrypt$131072$4$1$c2FsdA==$a2V5')).toBe(true);
    expect(needsRehash('scrypt$131072$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(needsRehash('scrypt$262144$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(needsRehash('bcrypt$whatever')).toBe(false);
  });

  it('of new passwords wait for a place among the sign-ins\' checks', async () => {
    let release = () => {};
    const checking = new Promise<void>((resolve) => (release = resolve));
    const verifier = new PasswordVerifier({ concurrency: 1, cost: CHEAP_COST, verify: async () => checking.then(() => false) });
    const check = verifier.check('a', 'scrypt$1024$8$1$c2FsdA==$a2V5');
    let hashed = false;
    const hash = verifier.hash('new password').then((made) => {
      hashed = true;
      return made;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hashed).toBe(false);
    release();
    expect(await check).toBe('mismatch');
    expect(await hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  });
});

describe('a stored hash weaker than OWASP\'s', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // At OWASP's cost, unlike the other test servers.
    server = await startTestServer({ seedOrders: 0, login: { hashing: { cost: OWASP_SCRYPT_COST } } });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const storedHash = async (): Promise<string> => {
    const rows = await server.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [GERMAN_EMAIL]);
    return rows[0]?.password_hash ?? '';
  };

  it('is made anew at the next successful sign-in, which signs in afterwards too; a wrong password never touches it', async () => {
    const old = await hashPassword(DEMO_PASSWORD, OLD_COST);
    await server.database.query('UPDATE users SET password_hash = $2 WHERE email = $1', [GERMAN_EMAIL, old]);

    expect((await call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: 'not the password' } })).status).toBe(401);
    expect(await storedHash()).toBe(old);

    expect((await login(server, GERMAN_EMAIL)).user.email).toBe(GERMAN_EMAIL);
    const renewed = await storedHash();
    expect(renewed).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(DEMO_PASSWORD, renewed)).toBe(true);

    expect((await login(server, GERMAN_EMAIL)).user.email).toBe(GERMAN_EMAIL);
    // Already at the cost: left as it is.
    expect(await storedHash()).toBe(renewed);
  });

  it('is not stored over a password changed meanwhile', async () => {
    const users = new UserRepository(server.database);
    const user = await users.findByEmail(GERMAN_EMAIL);
    const changed = await hashPassword('changed meanwhile', CHEAP_COST);
    await server.database.query('UPDATE users SET password_hash = $2 WHERE email = $1', [GERMAN_EMAIL, changed]);
    expect(await users.strengthenPasswordHash(user?.id ?? '', user?.password_hash ?? '', 'scrypt$stronger')).toBe(false);
    expect(await storedHash()).toBe(changed);
  });
});
