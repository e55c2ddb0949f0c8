import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { AuthStore } from '../../../../src/domain/stores/AuthStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';

const unauthorized = { status: 401, body: { type: 'about:blank', title: 'Unauthorized', status: 401 } };

describe('AuthStore', () => {
  let bed: TestBed;
  let auth: AuthStore;
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    auth = bed.container.get(AuthStore);
    session = bed.container.get<SessionStore>(SessionStore);
  });

  it('logs in, takes the user and goes back where the operator came from', async () => {
    const result = loginResult(bed.clock.now(), { ...demoUser, language: 'en' });
    bed.backend.on('POST /auth/login', { status: 200, body: result });
    await expect(auth.login({ email: demoUser.email, password: 'cockpit-demo' }, '/settings')).resolves.toBe(true);
    expect(session.token).toBe(result.token);
    expect(session.language).toBe('en');
    expect(session.colors).toEqual(demoUser.theme);
    expect(bed.navigator.navigations).toEqual(['/settings']);
    expect(bed.backend.requests[0]?.body).toEqual({ email: demoUser.email, password: 'cockpit-demo' });
  });

  it('never follows a returnTo that leaves the console', async () => {
    bed.backend.on('POST /auth/login', { status: 200, body: loginResult(bed.clock.now()) });
    await auth.login({ email: demoUser.email, password: 'x' }, '//evil.example/path');
    expect(bed.navigator.navigations).toEqual(['/orders']);
  });

  it('shows a wrong password on the form instead of redirecting', async () => {
    bed.backend.on('POST /auth/login', unauthorized);
    await expect(auth.login({ email: demoUser.email, password: 'wrong' })).resolves.toBe(false);
    expect(auth.loginError).toBe('login.wrongCredentials');
    expect(auth.pending).toBe(false);
    expect(session.isSignedIn).toBe(false);
    expect(bed.navigator.navigations).toEqual([]);
    expect(bed.notifier.toasts).toEqual([]);
  });

  const problem = (status: number, kind: string, errors?: { field: string; message: string }[]) => ({
    status,
    body: { type: `urn:order-cockpit:problem:${kind}`, title: kind, status, ...(errors ? { errors } : {}) },
  });

  it('after a one-time password asks for the user\'s own, and signs in with both, keeping the one-time password in memory only', async () => {
    const result = loginResult(bed.clock.now());
    bed.backend.on('POST /auth/login', (request) => {
      const body = request.body as { newPassword?: string };
      if (body.newPassword === undefined) return problem(403, 'password-change-required');
      if (body.newPassword === 'password1234') return problem(422, 'invalid-value', [{ field: 'newPassword', message: 'is one of the most common passwords; choose another' }]);
      return { status: 200, body: result };
    });

    await expect(auth.login({ email: demoUser.email, password: 'abcd-efgh-jkmn-pqrs' }, '/settings')).resolves.toBe(false);
    expect(auth.choosingPassword).toBe(true);
    expect(auth.loginError).toBeNull();
    expect(session.isSignedIn).toBe(false);

    await expect(auth.chooseFirstPassword('password1234', '/settings')).resolves.toBe(false);
    expect(auth.newPasswordError).toBe('is one of the most common passwords; choose another');
    expect(auth.choosingPassword).toBe(true);
    auth.editingNewPassword();
    expect(auth.newPasswordError).toBeNull();

    await expect(auth.chooseFirstPassword('mein eigenes passwort', '/settings')).resolves.toBe(true);
    expect(session.token).toBe(result.token);
    expect(auth.choosingPassword).toBe(false);
    expect(bed.navigator.navigations).toEqual(['/settings']);
    expect(bed.backend.requests.at(-1)?.body).toEqual({ email: demoUser.email, password: 'abcd-efgh-jkmn-pqrs', newPassword: 'mein eigenes passwort' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('abcd-efgh-jkmn-pqrs');
  });

  it('goes back to the login form, the one-time password forgotten, when asked or when it no longer counts', async () => {
    bed.backend.on('POST /auth/login', problem(403, 'password-change-required'));
    await auth.login({ email: demoUser.email, password: 'abcd-efgh-jkmn-pqrs' });
    auth.cancelFirstPassword();
    expect(auth.choosingPassword).toBe(false);
    await expect(auth.chooseFirstPassword('mein eigenes passwort')).resolves.toBe(false);

    await auth.login({ email: demoUser.email, password: 'abcd-efgh-jkmn-pqrs' });
    bed.backend.on('POST /auth/login', unauthorized);
    await auth.chooseFirstPassword('mein eigenes passwort');
    expect(auth.choosingPassword).toBe(false);
    expect(auth.loginError).toBe('login.wrongCredentials');
  });

  it('tells a deactivated user so', async () => {
    bed.backend.on('POST /auth/login', problem(403, 'account-inactive'));
    await expect(auth.login({ email: demoUser.email, password: 'cockpit-demo' })).resolves.toBe(false);
    expect(auth.loginError).toBe('login.accountInactive');
    expect(auth.choosingPassword).toBe(false);
    expect(session.isSignedIn).toBe(false);
  });

  it('logs out on the backend and here', async () => {
    const result = loginResult(bed.clock.now());
    session.signIn(result);
    bed.backend.on('POST /auth/logout', { status: 204 });
    await auth.logout();
    expect(bed.backend.requests.map((r) => `${r.method} ${r.url} ${r.headers.Authorization}`)).toEqual([
      `POST /auth/logout Bearer ${result.token}`,
    ]);
    expect(session.isSignedIn).toBe(false);
    expect(session.user).toBeNull();
    expect(bed.navigator.navigations).toEqual(['/login']);
  });

  it('logs out here even when the backend cannot be reached, and says so', async () => {
    session.signIn(loginResult(bed.clock.now()));
    await auth.logout();
    expect(session.isSignedIn).toBe(false);
    expect(bed.notifier.toasts).toEqual([expect.objectContaining({ message: 'errors.logoutFailed' })]);
  });
});
