import { runInAction } from 'mobx';
import { AuthApi } from '../../../../src/domain/ports/AuthApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { AppearanceStore } from '../../../../src/domain/stores/AppearanceStore';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';

describe('AppearanceStore', () => {
  let bed: TestBed;
  let session: SessionStore;
  let appearance: AppearanceStore;

  beforeEach(async () => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    appearance = bed.container.get(AppearanceStore);
  });

  afterEach(() => {
    appearance.dispose();
    session.dispose();
  });

  it('draws the console in the operating system\'s theme by default, from the start, and follows it live', () => {
    bed.systemScheme.prefer('dark');
    appearance.start();
    expect(session.colorScheme).toBe('system');
    expect(bed.theme.shown).toEqual(['dark']);
    bed.systemScheme.prefer('light');
    bed.systemScheme.prefer('dark');
    expect(bed.theme.shown).toEqual(['dark', 'light', 'dark']);
    expect(appearance.appearance).toBe('dark');
  });

  it('keeps to the theme chosen, whatever the system prefers, and follows the system again for "system"', () => {
    appearance.start();
    runInAction(() => session.setColorScheme('dark'));
    bed.systemScheme.prefer('light');
    expect(appearance.appearance).toBe('dark');
    runInAction(() => session.setColorScheme('light'));
    bed.systemScheme.prefer('dark');
    expect(appearance.appearance).toBe('light');
    runInAction(() => session.setColorScheme('system'));
    expect(bed.theme.shown).toEqual(['light', 'dark', 'light', 'dark']);
  });

  it('stops following the system when disposed', () => {
    appearance.start();
    expect(bed.systemScheme.listening).toBe(1);
    appearance.dispose();
    expect(bed.systemScheme.listening).toBe(0);
    bed.systemScheme.prefer('dark');
    expect(bed.theme.shown).toEqual(['light']);
  });

  it('draws a reload at once in the theme kept in the stored session, before the backend answers', async () => {
    session.signIn(loginResult(bed.clock.now(), { ...demoUser, colorScheme: 'dark' }));
    session.dispose();
    const reloaded = createTestContainer(localStorage);
    const restored = reloaded.container.get<SessionStore>(SessionStore);
    await restored.restore();
    expect(restored.colorScheme).toBe('dark');
    const store = reloaded.container.get(AppearanceStore);
    store.start();
    expect(reloaded.theme.shown).toEqual(['dark']);
    store.dispose();
    restored.dispose();
  });
});

describe('PreferencesStore.changeColorScheme', () => {
  let bed: TestBed;
  let session: SessionStore;
  let preferences: PreferencesStore;

  beforeEach(async () => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    preferences = new PreferencesStore(session, bed.container.get<AuthApi>(AuthApi), bed.notifier);
  });

  afterEach(() => session.dispose());

  const patches = () => bed.backend.requests.filter((request) => request.method === 'PATCH' && request.url === '/me');

  it('switches at once and saves the theme to the account, whose answer the session takes', async () => {
    session.signIn(loginResult(bed.clock.now()));
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoUser, colorScheme: 'dark' } });
    const saving = preferences.changeColorScheme('dark');
    expect(session.colorScheme).toBe('dark');
    await saving;
    expect(patches().map((request) => request.body)).toEqual([{ colorScheme: 'dark' }]);
    expect(session.user?.colorScheme).toBe('dark');
    // Kept in the stored session for the next start.
    expect(JSON.parse(localStorage.getItem('cockpit.state') ?? '{}').auth.colorScheme).toBe('dark');
  });

  it('sends nothing for the theme in effect, nor while signed out, and says so when the save fails', async () => {
    await preferences.changeColorScheme('system');
    await preferences.changeColorScheme('light');
    expect(session.colorScheme).toBe('light');
    expect(patches()).toEqual([]);

    session.signIn(loginResult(bed.clock.now()));
    bed.backend.on('PATCH /me', { status: 500, body: { type: 'about:blank', title: 'Server error', status: 500 }, headers: { 'content-type': 'application/problem+json' } });
    await preferences.changeColorScheme('dark');
    expect(session.colorScheme).toBe('dark');
    expect(bed.notifier.toasts).toEqual([{ title: 'preferences.saveFailedTitle', message: 'errors.server', intent: 'danger' }]);
  });

  it('takes the theme of the user the backend knows at sign-in', () => {
    session.signIn(loginResult(bed.clock.now(), { ...demoUser, colorScheme: 'light' }));
    expect(session.colorScheme).toBe('light');
    session.signOut();
    // The browser keeps the last theme, as it keeps the language.
    expect(session.colorScheme).toBe('light');
  });
});
