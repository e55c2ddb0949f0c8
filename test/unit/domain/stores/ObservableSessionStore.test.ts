import { Clock } from '../../../../src/domain/ports/Clock';
import { StatePersistence } from '../../../../src/domain/ports/StatePersistence';
import { ObservableSessionStore } from '../../../../src/domain/stores/ObservableSessionStore';
import { STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { createTestContainer } from '../../support/createTestContainer';
import { demoAdmin, demoUser, demoViewer, loginResult } from '../../support/demoUser';
import { tokenExpiringAt } from '../../support/fakeJwt';

let current: ObservableSessionStore | null = null;

/** A fresh store on the same storage, as after a reload (the previous page is gone). */
async function reload(): Promise<ObservableSessionStore> {
  current?.dispose();
  const { container } = createTestContainer();
  const store = new ObservableSessionStore(container.get<Clock>(Clock), container.get<StatePersistence>(StatePersistence));
  await store.restore();
  current = store;
  return store;
}

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(STATE_KEY) ?? 'null');
}

describe('ObservableSessionStore persistence', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the auth slice under cockpit.state across a reload', async () => {
    const first = await reload();
    const result = loginResult(Date.parse('2026-11-21T09:00:00Z'));
    first.signIn(result);
    first.setLanguage('en');
    expect(stored()).toEqual({
      auth: { token: result.token, language: 'en', colorScheme: 'system', colors: demoUser.theme, user: demoUser },
    });

    const second = await reload();
    expect(second.token).toBe(result.token);
    expect(second.language).toBe('en');
    expect(second.colors).toEqual(demoUser.theme);
    expect(second.user).toEqual(demoUser);
    expect(second.isSignedIn).toBe(true);
  });

  it('leaves the other slices under the key alone', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ orders: { filter: { begin: '2026-11-16', end: '2026-11-22' } } }));
    const store = await reload();
    store.signIn(loginResult(Date.parse('2026-11-21T09:00:00Z')));
    expect(stored().orders).toEqual({ filter: { begin: '2026-11-16', end: '2026-11-22' } });
  });

  it.each([
    ['text that is not JSON', '{"auth": {"token": '],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
    ['an auth slice of the wrong types', JSON.stringify({ auth: { token: 42, language: 'fr', colors: 'red', user: 'me' } })],
    ['a token that is no JWT', JSON.stringify({ auth: { token: 'abc', language: 'en', user: demoUser } })],
    ['an expired token', JSON.stringify({ auth: { token: tokenExpiringAt(Date.parse('2026-11-21T08:59:59Z')), language: 'en', user: demoUser } })],
  ])('yields a clean signed-out state from %s', async (_name, content) => {
    localStorage.setItem(STATE_KEY, content);
    const store = await reload();
    expect(store.isSignedIn).toBe(false);
    expect(store.token).toBeNull();
    expect(store.user).toBeNull();
    expect(store.colors).toEqual({});
    expect(['de', 'en']).toContain(store.language);
  });

  it('drops stored colours that could break out of a style rule', async () => {
    const token = tokenExpiringAt(Date.parse('2026-11-21T17:00:00Z'));
    localStorage.setItem(
      STATE_KEY,
      JSON.stringify({ auth: { token, language: 'de', colors: { color1: 'red;}body{display:none}', color2: '#1f6feb' }, user: demoUser } }),
    );
    const store = await reload();
    expect(store.isSignedIn).toBe(true);
    expect(store.colors).toEqual({ color2: '#1f6feb' });
  });

  it('signs out and forgets the user but keeps the language', async () => {
    const store = await reload();
    store.signIn(loginResult(Date.parse('2026-11-21T09:00:00Z'), { ...demoUser, language: 'en' }));
    store.signOut();
    expect(stored()).toEqual({ auth: { token: null, language: 'en', colorScheme: 'system', colors: {}, user: null } });
  });

  it('tells the user\'s role and what it allows; a user kept from before roles is a viewer until the backend says more', async () => {
    const store = await reload();
    expect(store.role).toBe('viewer');
    const at = Date.parse('2026-11-21T09:00:00Z');
    store.signIn(loginResult(at, demoViewer));
    expect([store.allows('viewer'), store.allows('operator'), store.allows('admin')]).toEqual([true, false, false]);
    store.signIn(loginResult(at, demoUser));
    expect(store.role).toBe('operator');
    expect([store.allows('viewer'), store.allows('operator'), store.allows('admin')]).toEqual([true, true, false]);
    store.setUser(demoAdmin);
    expect(store.allows('admin')).toBe(true);

    const { role: _dropped, ...beforeRoles } = demoUser;
    localStorage.setItem(STATE_KEY, JSON.stringify({ auth: { ...stored()['auth'] as object, user: beforeRoles } }));
    const restored = await reload();
    expect(restored.user?.name).toBe(demoUser.name);
    expect(restored.role).toBe('viewer');
    restored.setUser(demoUser);
    expect(restored.role).toBe('operator');
  });
});

describe('ObservableSessionStore: the theme', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['sepia', 'system'],
    [42, 'system'],
    [undefined, 'system'],
  ])('restores the stored theme %p as %p', async (kept, expected) => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ auth: { token: null, language: 'en', colorScheme: kept } }));
    expect((await reload()).colorScheme).toBe(expected);
  });

  it('takes the user\'s theme at sign-in and keeps the last one after the session ends, as the language', async () => {
    const store = await reload();
    store.signIn(loginResult(Date.parse('2026-11-21T09:00:00Z'), { ...demoUser, colorScheme: 'dark' }));
    expect(store.colorScheme).toBe('dark');
    store.signOut();
    expect((await reload()).colorScheme).toBe('dark');
  });
});
