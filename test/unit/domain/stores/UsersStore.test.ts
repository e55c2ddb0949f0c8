import type { UserAccount } from '../../../../shared/UserAccount';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { NewUserStore } from '../../../../src/domain/stores/NewUserStore';
import { UsersStore } from '../../../../src/domain/stores/UsersStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { loginResult } from '../../support/demoUser';

const account = (name: string, changes: Partial<UserAccount> = {}): UserAccount => ({
  id: `00000000-0000-4000-8000-00000000000${name.length}`,
  name,
  email: `${name.toLowerCase()}@autohaus-nord.example`,
  role: 'operator',
  language: 'de',
  active: true,
  mustChangePassword: false,
  lastLoginAt: null,
  ...changes,
});

const refusal = (status: number, errors?: { field: string; message: string }[]) => ({
  status,
  body: { type: 'urn:order-cockpit:problem:invalid-value', title: 'x', status, ...(errors ? { errors } : {}) },
});

describe('UsersStore', () => {
  let bed: TestBed;
  let store: UsersStore;
  const jonas = account('Jonas', { role: 'admin' });
  const dana = account('Dana Brandt');

  beforeEach(async () => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now()));
    store = bed.container.get(UsersStore);
    bed.backend.on('GET /users', { status: 200, body: { items: [dana, jonas] } });
    await store.load();
  });

  it('loads the tenant\'s users', () => {
    expect(store.state).toBe('ready');
    expect(store.users).toEqual([dana, jonas]);
  });

  it('tells a failed load with its message', async () => {
    bed.backend.on('GET /users', { status: 403, body: { type: 'urn:order-cockpit:problem:forbidden', title: 'x', status: 403 } });
    await store.load();
    expect([store.state, store.loadErrorKey]).toEqual(['error', 'errors.forbidden']);
  });

  it('changes a role with PATCH and takes the user the backend answered', async () => {
    bed.backend.on(`PATCH /users/${dana.id}`, (request) => ({ status: 200, body: { ...dana, ...(request.body as object) } }));
    await expect(store.changeRole(dana.id, 'viewer')).resolves.toBe(true);
    expect(bed.backend.requests.at(-1)?.body).toEqual({ role: 'viewer' });
    expect(store.users.find((user) => user.id === dana.id)?.role).toBe('viewer');
    expect(bed.notifier.toasts.at(-1)).toMatchObject({ message: 'users.roleChanged', values: { name: 'Dana Brandt' }, intent: 'success' });
  });

  it('tells a refused change with the backend\'s reason and leaves the row as it was', async () => {
    bed.backend.on(`PATCH /users/${jonas.id}`, refusal(422, [{ field: 'role', message: 'would leave the company without an active admin' }]));
    await expect(store.setActive(jonas.id, false)).resolves.toBe(false);
    expect(store.users.find((user) => user.id === jonas.id)).toEqual(jonas);
    expect(bed.notifier.toasts.at(-1)).toMatchObject({
      title: 'users.changeRefused',
      message: 'users.reason',
      values: { reason: 'would leave the company without an active admin' },
      intent: 'danger',
    });
  });

  it('sends one change of a user at a time', async () => {
    let answer: (() => void) | undefined;
    bed.backend.on(`PATCH /users/${dana.id}`, () => new Promise((resolve) => (answer = () => resolve({ status: 200, body: { ...dana, active: false } }))));
    const first = store.setActive(dana.id, false);
    await Promise.resolve();
    expect(store.busy.has(dana.id)).toBe(true);
    await expect(store.setActive(dana.id, false)).resolves.toBe(false);
    answer?.();
    await expect(first).resolves.toBe(true);
    expect(bed.backend.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    expect(store.busy.size).toBe(0);
  });

  it('hands over a new one-time password until the admin closes it', async () => {
    bed.backend.on(`POST /users/${dana.id}/password-reset`, { status: 200, body: { user: { ...dana, mustChangePassword: true }, oneTimePassword: 'abcd-efgh-jkmn-pqrs' } });
    await expect(store.resetPassword(dana.id)).resolves.toBe(true);
    expect(store.handedOut?.oneTimePassword).toBe('abcd-efgh-jkmn-pqrs');
    expect(store.users.find((user) => user.id === dana.id)?.mustChangePassword).toBe(true);
    store.closeHandedOut();
    expect(store.handedOut).toBeNull();
  });
});

describe('NewUserStore', () => {
  let bed: TestBed;
  let form: NewUserStore;
  let users: UsersStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now()));
    form = bed.container.get(NewUserStore);
    users = bed.container.get(UsersStore);
    form.reset();
  });

  it('checks name and e-mail as typed by the backend\'s rules, and starts in the admin\'s language', () => {
    expect(form.draft).toEqual({ name: '', email: '', role: 'operator', language: bed.container.get<SessionStore>(SessionStore).language });
    expect(form.problems).toEqual({ name: 'nameRequired', email: 'emailInvalid' });
    form.edit('name', 'n'.repeat(201));
    form.edit('email', 'lea@autohaus-nord');
    expect(form.problems).toEqual({ name: 'nameTooLong', email: 'emailInvalid' });
    form.edit('name', 'Lea Vogt');
    form.edit('email', 'lea.vogt@autohaus-nord.example');
    expect(form.problems).toEqual({});
    expect(form.canSave).toBe(true);
  });

  it('sends nothing while a field is wrong, and shows every problem then', async () => {
    await expect(form.save()).resolves.toBe(false);
    expect(form.revealed).toEqual({ name: true, email: true });
    expect(bed.backend.requests).toEqual([]);
  });

  it('adds the user to the list and hands over their one-time password', async () => {
    const created = { ...account('Lea Vogt'), mustChangePassword: true };
    bed.backend.on('POST /users', { status: 201, body: { user: created, oneTimePassword: 'abcd-efgh-jkmn-pqrs' } });
    form.edit('name', '  Lea Vogt ');
    form.edit('email', ' lea.vogt@autohaus-nord.example');
    form.edit('role', 'viewer');
    await expect(form.save()).resolves.toBe(true);
    expect(bed.backend.requests.at(-1)?.body).toEqual({ name: 'Lea Vogt', email: 'lea.vogt@autohaus-nord.example', role: 'viewer', language: form.draft.language });
    expect(users.users).toEqual([created]);
    expect(users.handedOut?.oneTimePassword).toBe('abcd-efgh-jkmn-pqrs');
    expect(form.draft.name).toBe('');
  });

  it('shows the backend\'s refusal at its field and keeps what was typed', async () => {
    bed.backend.on('POST /users', refusal(422, [{ field: 'email', message: 'is already in use' }]));
    form.edit('name', 'Lea Vogt');
    form.edit('email', 'operator@cityfleet.example');
    await expect(form.save()).resolves.toBe(false);
    expect(form.fieldErrors).toEqual({ email: 'is already in use' });
    expect(form.draft.email).toBe('operator@cityfleet.example');
    form.edit('email', 'lea@autohaus-nord.example');
    expect(form.fieldErrors).toEqual({});
  });
});
