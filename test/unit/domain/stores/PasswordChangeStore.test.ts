import { waitFor } from '@testing-library/react';
import { AuthApi } from '../../../../src/domain/ports/AuthApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { PasswordChangeStore } from '../../../../src/domain/stores/PasswordChangeStore';
import type { FakeAnswer } from '../../support/FakeBackend';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';

const refused = (errors: { field: string; message: string }[]): FakeAnswer => ({
  status: 422,
  body: { type: 'urn:order-cockpit:problem:invalid-value', title: 'Ungültiger Wert', status: 422, errors },
  headers: { 'content-type': 'application/problem+json' },
});

describe('PasswordChangeStore', () => {
  let bed: TestBed;
  let session: SessionStore;
  let store: PasswordChangeStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    session.signIn(loginResult(bed.clock.now()));
    store = new PasswordChangeStore(session, bed.container.get<AuthApi>(AuthApi), bed.notifier);
  });

  const posts = () => bed.backend.requests.filter((request) => request.method === 'POST' && request.url === '/me/password');

  const fill = (current: string, next: string, repeat = next) => {
    store.edit('currentPassword', current);
    store.edit('newPassword', next);
    store.edit('repeatPassword', repeat);
  };

  it('follows the rule as the new password is typed, counting what the user sees as characters', () => {
    store.edit('newPassword', 'Werkstatt');
    expect([store.check.length, store.check.lengthMet]).toEqual([9, false]);
    store.edit('newPassword', 'Werkstatt-😀x');
    expect([store.check.length, store.check.lengthMet]).toEqual([12, true]);
  });

  it('can be sent only with the current password, a new one that meets the rule and the same repetition', () => {
    fill('cockpit-demo', 'Werkstatt-Kiel', 'Werkstatt-Kie');
    expect(store.check.repeatMatches).toBe(false);
    expect(store.canSave).toBe(false);
    store.edit('repeatPassword', 'Werkstatt-Kiel');
    expect(store.canSave).toBe(true);
    store.edit('currentPassword', '');
    expect(store.canSave).toBe(false);
  });

  it('sends the change, goes on with the new token, empties the form and says so', async () => {
    const changed = loginResult(bed.clock.now() + 1000);
    bed.backend.on('POST /me/password', { status: 200, body: changed });
    fill('cockpit-demo', 'Werkstatt-Kiel');
    await expect(store.save()).resolves.toBe(true);
    expect(posts().map((request) => request.body)).toEqual([{ currentPassword: 'cockpit-demo', newPassword: 'Werkstatt-Kiel' }]);
    expect(session.token).toBe(changed.token);
    expect(store.values).toEqual({ currentPassword: '', newPassword: '', repeatPassword: '' });
    expect(bed.notifier.toasts).toEqual([expect.objectContaining({ message: 'settings.passwordChanged', intent: 'success' })]);
  });

  it('shows the backend\'s refusals at their fields, keeps what was typed and sends nothing twice', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    bed.backend.on('POST /me/password', () => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    fill('falsch-falsch', 'qwerty123456');
    const first = store.save();
    await expect(store.save()).resolves.toBe(false);
    await waitFor(() => expect(posts()).toHaveLength(1));
    answer(
      refused([
        { field: 'currentPassword', message: 'ist nicht Ihr aktuelles Passwort' },
        { field: 'newPassword', message: 'gehört zu den häufigsten Passwörtern; wählen Sie ein anderes' },
      ]),
    );
    await expect(first).resolves.toBe(false);
    expect(store.fieldErrors).toEqual({
      currentPassword: 'ist nicht Ihr aktuelles Passwort',
      newPassword: 'gehört zu den häufigsten Passwörtern; wählen Sie ein anderes',
    });
    expect(store.values.newPassword).toBe('qwerty123456');
    expect(session.token).toBe(loginResult(bed.clock.now()).token);
    store.edit('newPassword', 'Werkstatt-Kiel');
    expect(store.fieldErrors).toEqual({ currentPassword: 'ist nicht Ihr aktuelles Passwort' });
  });

  it('names a refusal that is about no field (too many attempts)', async () => {
    bed.backend.on('POST /me/password', { status: 429, body: { type: 'urn:order-cockpit:problem:too-many-attempts', title: 'Zu viele Versuche', status: 429 }, headers: { 'content-type': 'application/problem+json', 'retry-after': '60' } });
    fill('cockpit-demo', 'Werkstatt-Kiel');
    await expect(store.save()).resolves.toBe(false);
    expect(store.errorKey).toBe('errors.rate-limited');
    expect(session.user).toEqual(demoUser);
  });
});
