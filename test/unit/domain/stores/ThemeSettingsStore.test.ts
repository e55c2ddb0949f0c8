import { waitFor } from '@testing-library/react';
import { AuthApi } from '../../../../src/domain/ports/AuthApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { ThemeSettingsStore } from '../../../../src/domain/stores/ThemeSettingsStore';
import type { FakeAnswer } from '../../support/FakeBackend';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoAdmin, demoUser, loginResult } from '../../support/demoUser';

const validation = (errors: { field: string; message: string }[]): FakeAnswer => ({
  status: 422,
  body: { type: 'about:blank', title: 'Invalid value', status: 422, errors },
  headers: { 'content-type': 'application/problem+json' },
});

describe('ThemeSettingsStore', () => {
  let bed: TestBed;
  let session: SessionStore;
  let store: ThemeSettingsStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    session.signIn(loginResult(bed.clock.now(), demoAdmin));
    store = new ThemeSettingsStore(session, bed.container.get<AuthApi>(AuthApi), bed.notifier);
    store.reset();
  });

  const patches = () => bed.backend.requests.filter((request) => request.method === 'PATCH' && request.url === '/me');

  it('starts from the session colours and previews them with readable text', () => {
    expect(store.draft).toEqual({ color1: '#0b3d91', color2: '#1f6feb', color3: '#c2410c' });
    expect(store.dirty).toBe(false);
    expect(store.preview).toEqual({
      color1: { background: '#0b3d91', foreground: '#ffffff' },
      color2: { background: '#1f6feb', foreground: '#ffffff' },
      color3: { background: '#c2410c', foreground: '#ffffff' },
    });
  });

  it('previews edits before they are saved, without touching the session', () => {
    store.edit('color1', '#ffd43b');
    store.clear('color2');
    expect(store.preview.color1).toEqual({ background: '#ffd43b', foreground: '#1c2127' });
    expect(store.preview.color2).toBeNull();
    expect(store.dirty).toBe(true);
    expect(session.colors).toEqual(demoAdmin.theme);
  });

  it('previews nothing for an invalid text and names it only once the field was left', () => {
    store.edit('color1', 'red;}body{display:none}');
    expect(store.preview.color1).toBeNull();
    expect(store.invalidKeys).toEqual(['color1']);
    expect(store.showsInvalid('color1')).toBe(false);
    store.reveal('color1');
    expect(store.showsInvalid('color1')).toBe(true);
    store.edit('color1', '#123');
    expect(store.showsInvalid('color1')).toBe(false);
  });

  it('sends only the changed colours with PATCH /me, null for a cleared one, and the session takes the answer', async () => {
    const answer = { ...demoAdmin, theme: { color1: 'rgb(1, 2, 3)', color3: '#c2410c' } };
    bed.backend.on('PATCH /me', { status: 200, body: answer });
    store.edit('color1', '  rgb(1, 2, 3) ');
    store.clear('color2');
    await expect(store.save()).resolves.toBe(true);
    expect(patches().map((request) => request.body)).toEqual([{ theme: { color1: 'rgb(1, 2, 3)', color2: null } }]);
    expect(session.colors).toEqual({ color1: 'rgb(1, 2, 3)', color3: '#c2410c' });
    expect(store.draft).toEqual({ color1: 'rgb(1, 2, 3)', color2: '', color3: '#c2410c' });
    expect(store.dirty).toBe(false);
    expect(store.saving).toBe(false);
    expect(bed.notifier.toasts).toEqual([{ message: 'settings.colorsSaved', intent: 'success' }]);
  });

  it('tells at once where the text on a colour would not read, and sends nothing while a changed colour is one of them', async () => {
    store.edit('color1', '#808080');
    store.edit('color2', 'rgba(255, 255, 255, 0.4)');
    expect(store.contrastFaults.color1).toEqual({ appearance: 'both', ratio: expect.closeTo(4.1, 1) });
    expect(store.contrastFaults.color2).toEqual({ appearance: 'dark', ratio: expect.closeTo(4.04, 2) });
    expect(store.contrastFaults.color3).toBeUndefined();
    await expect(store.save()).resolves.toBe(false);
    expect(patches()).toEqual([]);

    bed.backend.on('PATCH /me', { status: 200, body: { ...demoAdmin, theme: { color1: '#0b3d91', color2: 'rgba(255, 255, 255, 0.5)', color3: '#c2410c' } } });
    store.edit('color1', '#0b3d91');
    store.edit('color2', 'rgba(255, 255, 255, 0.5)');
    expect(store.contrastFaults).toEqual({});
    await expect(store.save()).resolves.toBe(true);
    expect(patches().map((request) => request.body)).toEqual([{ theme: { color2: 'rgba(255, 255, 255, 0.5)' } }]);
  });

  it('saves another colour while a stored one fails the rule (stored before it), and tells why that one does not show', async () => {
    session.setUser({ ...demoAdmin, theme: { color1: '#808080', color3: '#c2410c' } });
    store.reset();
    expect(store.contrastFaults.color1?.appearance).toBe('both');
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoAdmin, theme: { color1: '#808080', color2: '#0b3d91', color3: '#c2410c' } } });
    store.edit('color2', '#0b3d91');
    await expect(store.save()).resolves.toBe(true);
    expect(patches().map((request) => request.body)).toEqual([{ theme: { color2: '#0b3d91' } }]);
  });

  it('previews a translucent colour in each theme with the text that reads over its page', () => {
    store.edit('color2', 'rgba(255, 255, 255, 0.2)');
    expect(store.previewIn('light').color2).toEqual({ background: 'rgba(255, 255, 255, 0.2)', foreground: '#1c2127' });
    expect(store.previewIn('dark').color2).toEqual({ background: 'rgba(255, 255, 255, 0.2)', foreground: '#ffffff' });
  });

  it('sends nothing while a text is invalid, and shows it', async () => {
    store.edit('color2', 'url(//x)');
    store.edit('color3', '#000');
    await expect(store.save()).resolves.toBe(false);
    expect(patches()).toEqual([]);
    expect(store.showsInvalid('color2')).toBe(true);
    expect(store.showsInvalid('color3')).toBe(false);
  });

  it('sends nothing when nothing changed', async () => {
    store.edit('color1', '#0b3d91 ');
    await expect(store.save()).resolves.toBe(false);
    expect(patches()).toEqual([]);
  });

  it('sends nothing for a role that may not set the colours (an operator)', async () => {
    session.signIn(loginResult(bed.clock.now(), demoUser));
    store.edit('color1', '#123456');
    await expect(store.save()).resolves.toBe(false);
    expect(patches()).toEqual([]);
  });

  it('cannot send twice while a save runs', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    bed.backend.on('PATCH /me', () => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    store.edit('color1', '#123456');
    const first = store.save();
    expect(store.saving).toBe(true);
    await expect(store.save()).resolves.toBe(false);
    await waitFor(() => expect(patches()).toHaveLength(1));
    answer({ status: 200, body: { ...demoAdmin, theme: { ...demoAdmin.theme, color1: '#123456' } } });
    await expect(first).resolves.toBe(true);
    expect(patches()).toHaveLength(1);
    expect(store.saving).toBe(false);
  });

  it('shows a colour the backend refuses (422) at its field and keeps what was typed', async () => {
    bed.backend.on('PATCH /me', validation([{ field: 'theme.color3', message: 'muss eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() sein' }]));
    store.edit('color3', '#abcdef');
    await expect(store.save()).resolves.toBe(false);
    expect(store.fieldErrors).toEqual({ color3: 'muss eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() sein' });
    expect(store.errorKey).toBeNull();
    expect(store.draft.color3).toBe('#abcdef');
    expect(session.colors).toEqual(demoAdmin.theme);
    store.edit('color3', '#abcdee');
    expect(store.fieldErrors).toEqual({});
  });

  it('names a failure that is not about one colour, keeps what was typed and can send again', async () => {
    store.edit('color1', '#123456');
    await expect(store.save()).resolves.toBe(false);
    expect(store.errorKey).toBe('errors.network');
    expect(store.draft.color1).toBe('#123456');
    expect(session.colors).toEqual(demoAdmin.theme);

    bed.backend.on('PATCH /me', { status: 200, body: { ...demoAdmin, theme: { ...demoAdmin.theme, color1: '#123456' } } });
    await expect(store.save()).resolves.toBe(true);
    expect(store.errorKey).toBeNull();
    expect(session.colors.color1).toBe('#123456');
  });

  it('shows nothing of its own for a 401: the session ends and the login page follows', async () => {
    bed.backend.on('PATCH /me', { status: 401, body: { type: 'about:blank', title: 'Unauthorized', status: 401 } });
    store.edit('color1', '#123456');
    await expect(store.save()).resolves.toBe(false);
    expect(store.errorKey).toBeNull();
    expect(store.fieldErrors).toEqual({});
  });

  it('discards the edits on reset', () => {
    store.edit('color1', 'nonsense');
    store.reveal('color1');
    store.reset();
    expect(store.draft).toEqual({ color1: '#0b3d91', color2: '#1f6feb', color3: '#c2410c' });
    expect(store.showsInvalid('color1')).toBe(false);
    expect(store.dirty).toBe(false);
  });
});
