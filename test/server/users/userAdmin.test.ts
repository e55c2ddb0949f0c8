import type { RunningServer } from '../../../server/startServer';
import { UserAccountRepository } from '../../../server/users/UserAccountRepository';
import type { LoginResult } from '../../../shared/User';
import type { UserAccount, UserAccountWithPassword } from '../../../shared/UserAccount';
import { EventStreamClient } from '../support/eventStream';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { seededRange } from '../support/orderRange';
import {
  BRITISH_EMAIL,
  call,
  DEMO_PASSWORD,
  expectProblem,
  GERMAN_ADMIN_EMAIL,
  GERMAN_EMAIL,
  login,
  STARTUP_TIMEOUT_MS,
  startTestServer,
} from '../support/testServer';

const NEW_PASSWORD = 'werkstatt tor sieben';

describe('the tenant\'s users, administered by its admins', () => {
  let server: RunningServer;
  let admin: LoginResult;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 5 });
    admin = await login(server, GERMAN_ADMIN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const users = async (token = admin.token): Promise<UserAccount[]> => {
    const response = await call(server, '/api/users', { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: UserAccount[] }).items;
  };
  const create = (body: unknown, token = admin.token) => call(server, '/api/users', { token, body, locale: 'en' });
  const change = (id: string, body: unknown, token = admin.token) => call(server, `/api/users/${id}`, { method: 'PATCH', token, body, locale: 'en' });
  const signIn = (email: string, password: string, newPassword?: string) =>
    call(server, '/api/auth/login', { body: newPassword === undefined ? { email, password } : { email, password, newPassword }, locale: 'en' });
  const changesOf = (id: string) =>
    server.database.query<{ changed_by: string; change: unknown }>('SELECT changed_by::text AS changed_by, change FROM user_changes WHERE user_id = $1 ORDER BY id', [id]);

  /** A new user made by the admin, signed in once with a password of their own. */
  async function newColleague(role: 'viewer' | 'operator' | 'admin' = 'operator'): Promise<{ account: UserAccount; email: string; token: string }> {
    serial += 1;
    const email = `kollege${serial}@autohaus-nord.example`;
    const response = await create({ name: `Kollege ${serial}`, email, role });
    expect(response.status).toBe(201);
    const { user, oneTimePassword } = (await response.json()) as UserAccountWithPassword;
    const signedIn = await signIn(email, oneTimePassword, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    return { account: user, email, token: ((await signedIn.json()) as LoginResult).token };
  }

  it('lists the tenant\'s users only, by name, with role, activity and last sign-in, never a password', async () => {
    const list = await users();
    expect(list.map((user) => user.email)).toEqual(expect.arrayContaining([GERMAN_ADMIN_EMAIL, GERMAN_EMAIL]));
    expect(list.map((user) => user.email)).not.toContain(BRITISH_EMAIL);
    expect(list.map((user) => user.name)).toEqual([...list.map((user) => user.name)].sort((a, b) => a.localeCompare(b)));
    const self = list.find((user) => user.email === GERMAN_ADMIN_EMAIL);
    expect(self).toMatchObject({ role: 'admin', active: true, mustChangePassword: false, language: 'de' });
    expect(Date.parse(self?.lastLoginAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(list)).not.toMatch(/scrypt|password_hash/);
  });

  it('creates a user with a one-time password that only signs in once replaced by a password meeting the rule', async () => {
    const response = await create({ name: '  Mara Lindqvist ', email: 'mara.lindqvist@autohaus-nord.example', role: 'viewer', language: 'en' });
    expect(response.status).toBe(201);
    const { user, oneTimePassword } = (await response.json()) as UserAccountWithPassword;
    expect(response.headers.get('location')).toBe(`/api/users/${user.id}`);
    expect(user).toMatchObject({ name: 'Mara Lindqvist', role: 'viewer', language: 'en', active: true, mustChangePassword: true, lastLoginAt: null });
    expect((await users()).find((listed) => listed.id === user.id)).toEqual(user);

    // The one-time password is right, but gives no token by itself.
    const required = await expectProblem(await signIn(user.email, oneTimePassword), 403);
    expect(required.type).toBe('urn:order-cockpit:problem:password-change-required');
    const tooShort = await expectProblem(await signIn(user.email, oneTimePassword, 'kurz'), 422);
    expect(tooShort.errors).toEqual([{ field: 'newPassword', message: 'must have at least 12 characters' }]);
    const same = await expectProblem(await signIn(user.email, oneTimePassword, oneTimePassword), 422);
    expect(same.errors?.[0]?.field).toBe('newPassword');
    // A wrong one-time password tells nothing about the change.
    await expectProblem(await signIn(user.email, 'abcd-efgh-jkmn-pqrs', NEW_PASSWORD), 401);

    const signedIn = await signIn(user.email, oneTimePassword, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as LoginResult;
    expect((await call(server, '/api/me', { token })).status).toBe(200);
    // From now on the user's own password signs in, and the one-time password no longer does.
    await expectProblem(await signIn(user.email, oneTimePassword), 401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await users()).find((listed) => listed.id === user.id)).toMatchObject({ mustChangePassword: false, lastLoginAt: expect.any(String) });

    const adminId = admin.user.id;
    expect(await changesOf(user.id)).toEqual([
      { changed_by: adminId, change: { created: { name: 'Mara Lindqvist', email: 'mara.lindqvist@autohaus-nord.example', role: 'viewer', language: 'en' } } },
      { changed_by: user.id, change: { password: 'changed' } },
    ]);
  });

  it('refuses a new password at sign-in when none is required', async () => {
    const problem = await expectProblem(await signIn(GERMAN_EMAIL, DEMO_PASSWORD, NEW_PASSWORD), 422);
    expect(problem.errors?.[0]?.field).toBe('newPassword');
    expect((await signIn(GERMAN_EMAIL, DEMO_PASSWORD)).status).toBe(200);
  });

  it('names every field in error at once, and creates nothing', async () => {
    const before = (await users()).length;
    const invalid = await expectProblem(await create({ name: '   ', email: 'not an address', role: 'operator', language: 'en' }), 422);
    expect(invalid.errors?.map((error) => error.field)).toEqual(['name', 'email']);
    const badLanguage = await expectProblem(await create({ name: 'Sprache', email: 'sprache@autohaus-nord.example', role: 'operator', language: 'fr' }), 400);
    expect(badLanguage.errors).toEqual([{ field: 'language', message: 'must be one of: de, en' }]);
    const taken = await expectProblem(await create({ name: 'Doppelt', email: GERMAN_EMAIL.toUpperCase(), role: 'operator' }), 422);
    expect(taken.errors).toEqual([{ field: 'email', message: 'cannot be given to a new user; choose another address' }]);
    const tooLong = await expectProblem(await create({ name: 'n'.repeat(201), email: 'lang@autohaus-nord.example', role: 'operator' }), 422);
    expect(tooLong.errors?.[0]).toEqual({ field: 'name', message: 'must have at most 200 characters' });
    const badRole = await expectProblem(await create({ name: 'Rolle', email: 'rolle@autohaus-nord.example', role: 'owner' }), 400);
    expect(badRole.errors?.[0]?.field).toBe('role');
    await expectProblem(await create({ name: 'Zeile\u0007', email: 'zeile@autohaus-nord.example', role: 'operator' }), 400);
    expect((await users()).length).toBe(before);
  });

  it('refuses an address another company uses in words that tell neither whether nor where it is used, in English and German', async () => {
    const before = (await users()).length;
    const elsewhere = { name: 'Doppelt', email: BRITISH_EMAIL.toUpperCase(), role: 'operator' };
    const own = { name: 'Doppelt', email: GERMAN_EMAIL, role: 'operator' };
    for (const [locale, message] of [
      ['en', 'cannot be given to a new user; choose another address'],
      ['de', 'kann keinem neuen Benutzer gegeben werden; wählen Sie eine andere Adresse'],
    ] as const) {
      const answers = [];
      for (const body of [elsewhere, own]) {
        const problem = await expectProblem(await call(server, '/api/users', { token: admin.token, body, locale }), 422);
        expect(problem.errors).toEqual([{ field: 'email', message }]);
        expect(JSON.stringify(problem)).not.toMatch(/City Fleet|in use|verwendet|exist|another compan|anderen Unternehmen/i);
        answers.push(problem);
      }
      // An address of another company is refused exactly as one of the admin's own.
      expect(answers[0]).toEqual(answers[1]);
    }
    expect((await users()).length).toBe(before);
  });

  it('changes a role, counted from the user\'s next request, recorded with who changed it', async () => {
    const colleague = await newColleague('operator');
    const range = seededRange();
    const orderId = await insertOrder(server, await tenantOf(server, GERMAN_EMAIL), { begin: range.begin, end: range.end });
    const patchOrder = () => call(server, `/api/orders/${orderId}`, { method: 'PATCH', token: colleague.token, body: { notes: 'x' }, headers: { 'if-match': '"1"' } });

    const changed = await change(colleague.account.id, { role: 'viewer' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: colleague.account.id, role: 'viewer' });
    await expectProblem(await patchOrder(), 403);
    expect((await changesOf(colleague.account.id)).at(-1)).toEqual({ changed_by: admin.user.id, change: { role: { from: 'operator', to: 'viewer' } } });

    // The same again changes and records nothing.
    const count = (await changesOf(colleague.account.id)).length;
    expect((await change(colleague.account.id, { role: 'viewer' })).status).toBe(200);
    expect((await changesOf(colleague.account.id)).length).toBe(count);
  });

  it('refuses an admin removing their own admin role or deactivating themselves, and changes nothing', async () => {
    const id = admin.user.id;
    const demoted = await expectProblem(await change(id, { role: 'operator' }), 422);
    expect(demoted.errors).toEqual([{ field: 'role', message: 'cannot remove your own admin role' }]);
    const deactivated = await expectProblem(await change(id, { active: false, role: 'viewer' }), 422);
    expect(deactivated.errors?.map((error) => error.field)).toEqual(['role', 'active']);
    expect((await users()).find((user) => user.id === id)).toMatchObject({ role: 'admin', active: true });
    expect((await call(server, '/api/me', { token: admin.token })).status).toBe(200);
  });

  it('never leaves the tenant without an active admin, even when two admins demote each other at once', async () => {
    const second = await newColleague('admin');
    const tenantId = await tenantOf(server, GERMAN_ADMIN_EMAIL);
    const [first, other] = await Promise.all([change(second.account.id, { role: 'operator' }), change(admin.user.id, { role: 'operator' }, second.token)]);
    const statuses = [first.status, other.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200 || status === 422 || status === 403)).toHaveLength(2);
    const admins = await server.database.query<{ id: string }>("SELECT id::text AS id FROM users WHERE tenant_id = $1 AND role = 'admin' AND active", [
      tenantId,
    ]);
    expect(admins).toHaveLength(1);

    // The rule itself, where only the database can tell: an admin demoted meanwhile cannot demote the last one.
    const accounts = new UserAccountRepository(server.database);
    const survivor = admins[0]?.id ?? '';
    const loser = survivor === admin.user.id ? second.account.id : admin.user.id;
    expect(await accounts.change(tenantId, loser, survivor, { role: 'operator' }, new Date())).toBe('last-admin');
    expect(await accounts.change(tenantId, loser, survivor, { active: false }, new Date())).toBe('last-admin');

    // Back as it was: the German admin is the tenant's admin, the second one an operator.
    await server.database.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.user.id]);
    await server.database.query("UPDATE users SET role = 'operator' WHERE id = $1", [second.account.id]);
  });

  it('deactivating ends the user\'s sessions and streams at once; they cannot sign in until reactivated', async () => {
    const colleague = await newColleague('operator');
    const stream = await EventStreamClient.open(server, { token: colleague.token });
    expect(stream.response.status).toBe(200);
    await stream.until((c) => c.retry !== undefined, 5000, 'the stream to start');

    const deactivated = await change(colleague.account.id, { active: false });
    expect(deactivated.status).toBe(200);
    expect(await deactivated.json()).toMatchObject({ active: false });
    await stream.ended;
    expect(stream.isFinished).toBe(true);
    await expectProblem(await call(server, '/api/me', { token: colleague.token }), 401);
    const refused = await expectProblem(await signIn(colleague.email, NEW_PASSWORD), 403);
    expect(refused).toMatchObject({ type: 'urn:order-cockpit:problem:account-inactive', detail: 'This account has been deactivated. Ask an admin of your company.' });
    // A wrong password learns nothing about the account.
    expect((await expectProblem(await signIn(colleague.email, 'a wrong password'), 401)).type).toBe('urn:order-cockpit:problem:wrong-credentials');

    expect((await change(colleague.account.id, { active: true })).status).toBe(200);
    expect((await signIn(colleague.email, NEW_PASSWORD)).status).toBe(200);
    // The sessions ended stay ended.
    await expectProblem(await call(server, '/api/me', { token: colleague.token }), 401);
    expect((await changesOf(colleague.account.id)).slice(-2).map((row) => row.change)).toEqual([
      { active: { from: true, to: false } },
      { active: { from: false, to: true } },
    ]);
  });

  it('gives a user a new one-time password: their password and sessions end, and the next sign-in asks for their own', async () => {
    const colleague = await newColleague('operator');
    const response = await call(server, `/api/users/${colleague.account.id}/password-reset`, { method: 'POST', token: admin.token });
    expect(response.status).toBe(200);
    const { user, oneTimePassword } = (await response.json()) as UserAccountWithPassword;
    expect(user.mustChangePassword).toBe(true);
    await expectProblem(await call(server, '/api/me', { token: colleague.token }), 401);
    await expectProblem(await signIn(colleague.email, NEW_PASSWORD), 401);
    await expectProblem(await signIn(colleague.email, oneTimePassword), 403);
    expect((await signIn(colleague.email, oneTimePassword, 'ein ganz neues passwort')).status).toBe(200);
    expect((await changesOf(colleague.account.id)).slice(-2)).toEqual([
      { changed_by: admin.user.id, change: { password: 'reset' } },
      { changed_by: colleague.account.id, change: { password: 'changed' } },
    ]);
  });

  it('keeps tenants apart: another tenant\'s user is not found, and unknown ids neither', async () => {
    const british = await login(server, BRITISH_EMAIL);
    for (const id of [british.user.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const problem = await expectProblem(await change(id, { role: 'viewer' }), 404);
      expect(problem.type).toBe('urn:order-cockpit:problem:user-not-found');
      await expectProblem(await call(server, `/api/users/${id}/password-reset`, { method: 'POST', token: admin.token }), 404);
    }
    expect((await login(server, BRITISH_EMAIL)).user.role).toBe('operator');
  });
});
