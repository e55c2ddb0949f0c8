import type { User } from '../../../../shared/User';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { BlockedNotificationsHint, NOTIFICATIONS_SLICE, REMEMBERED_USERS } from '../../../../src/domain/stores/BlockedNotificationsHint';
import { STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { createTestContainer } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';

const TOLD = { title: 'push.deniedTitle', message: 'push.denied', intent: 'warning' };

const userNamed = (id: string): User => ({ ...demoUser, id, email: `${id}@autohaus-nord.example` });

const open: BlockedNotificationsHint[] = [];

/** One page of the console in this browser (same localStorage), `user` signed in (or nobody known); the page before is gone. */
function page(user: User | null) {
  open.splice(0).forEach((hint) => hint.dispose());
  const bed = createTestContainer(localStorage);
  const session = bed.container.get<SessionStore>(SessionStore);
  if (user) {
    session.signIn(loginResult(bed.clock.now(), user));
  }
  const hint = bed.container.get(BlockedNotificationsHint);
  open.push(hint);
  return { hint, session, toasts: bed.notifier.toasts };
}

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(STATE_KEY) ?? 'null');
}

describe('BlockedNotificationsHint: once per user and browser', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => open.splice(0).forEach((hint) => hint.dispose()));

  it('tells a user once, not again on the next start of the console, and another user once as well', async () => {
    const first = page(demoUser);
    await first.hint.tell();
    await first.hint.tell();
    expect(first.toasts).toEqual([TOLD]);

    const second = page(demoUser);
    await second.hint.tell();
    expect(second.toasts).toEqual([]);

    const other = page(userNamed('u-2'));
    await other.hint.tell();
    await other.hint.tell();
    expect(other.toasts).toEqual([TOLD]);
  });

  it('tells the next user signing in at the same page, and not the one told before', async () => {
    const { hint, session, toasts } = page(demoUser);
    await hint.tell();
    session.signOut();
    session.signIn(loginResult(Date.now(), userNamed('u-2')));
    await hint.tell();
    session.signIn(loginResult(Date.now(), demoUser));
    await hint.tell();
    expect(toasts).toEqual([TOLD, TOLD]);
  });

  it('keeps who was told in the notifications slice of cockpit.state, beside the others', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ orders: { filter: { begin: '2026-11-16', end: '2026-11-22' } } }));
    await page(demoUser).hint.tell();
    expect(stored()).toEqual({
      orders: { filter: { begin: '2026-11-16', end: '2026-11-22' } },
      [NOTIFICATIONS_SLICE]: { toldUsers: [demoUser.id] },
    });
  });

  it('leaves the stored state as it was when it tells nothing', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ [NOTIFICATIONS_SLICE]: { toldUsers: [demoUser.id] } }));
    const before = localStorage.getItem(STATE_KEY);
    await page(demoUser).hint.tell();
    expect(localStorage.getItem(STATE_KEY)).toBe(before);
  });

  it('does not tell a user whom another tab of this browser told meanwhile', async () => {
    const { hint, session, toasts } = page(userNamed('u-2'));
    await hint.tell();
    // Another tab (its own page, the same storage) tells the next user.
    localStorage.setItem(STATE_KEY, JSON.stringify({ [NOTIFICATIONS_SLICE]: { toldUsers: ['u-2', demoUser.id] } }));
    session.signIn(loginResult(Date.now(), demoUser));
    await hint.tell();
    expect(toasts).toEqual([TOLD]);
    expect(stored()[NOTIFICATIONS_SLICE]).toEqual({ toldUsers: ['u-2', demoUser.id] });
  });

  it.each([
    ['a list of numbers', { toldUsers: [1, 2] }],
    ['a string', { toldUsers: 'u-1' }],
    ['an object', { toldUsers: { 'u-1': true } }],
  ])('reads a foreign slice (%s) as nobody told, and keeps only user ids', async (_name, slice) => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ [NOTIFICATIONS_SLICE]: slice }));
    const { hint, toasts } = page(demoUser);
    await hint.tell();
    expect(toasts).toEqual([TOLD]);
    expect(stored()[NOTIFICATIONS_SLICE]).toEqual({ toldUsers: [demoUser.id] });
  });

  it(`remembers the last ${REMEMBERED_USERS} users of this browser`, async () => {
    const { hint, session, toasts } = page(null);
    for (let index = 0; index <= REMEMBERED_USERS; index++) {
      session.signIn(loginResult(Date.now(), userNamed(`u-${index}`)));
      await hint.tell();
    }
    const toldUsers = (stored()[NOTIFICATIONS_SLICE] as { toldUsers: string[] }).toldUsers;
    expect(toldUsers).toHaveLength(REMEMBERED_USERS);
    expect(toldUsers[0]).toBe('u-1');
    session.signIn(loginResult(Date.now(), userNamed('u-0')));
    await hint.tell();
    expect(toasts).toHaveLength(REMEMBERED_USERS + 2);
  });

  it('tells a session whose user is not known once per page', async () => {
    const first = page(null);
    await first.hint.tell();
    await first.hint.tell();
    expect(first.toasts).toEqual([TOLD]);
    const second = page(null);
    await second.hint.tell();
    expect(second.toasts).toEqual([TOLD]);
  });
});
