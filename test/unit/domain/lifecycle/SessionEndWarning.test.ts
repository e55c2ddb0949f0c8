import { SESSION_END_WARNING_MS, SessionEndWarning } from '../../../../src/domain/lifecycle/SessionEndWarning';
import { STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { demoUser, loginResult } from '../../support/demoUser';
import { sessionPartTestBed } from './sessionPartTestBed';

describe('SessionEndWarning', () => {
  /** Whether a renewal is still to come before the token's end: the test says. */
  const outlook = { renewalAhead: false };
  const the = sessionPartTestBed(
    (bed, session) => new SessionEndWarning({ session, renewal: outlook, notifier: bed.notifier, timers: bed.timers, clock: bed.clock }),
  );

  const endsSoon = () => the.bed.notifier.toasts.filter((toast) => toast.message === 'session.endsSoon');

  beforeEach(() => {
    outlook.renewalAhead = false;
  });

  it('says so with the minutes left, once, two minutes before the token expires', async () => {
    await the.start();
    const result = loginResult(the.bed.clock.now());
    the.session.signIn(result);
    const life = Date.parse(result.expiresAt) - the.bed.clock.now();
    the.pass(life - SESSION_END_WARNING_MS - 1);
    expect(endsSoon()).toEqual([]);
    the.pass(1);
    expect(endsSoon()).toEqual([expect.objectContaining({ values: { count: 2 }, intent: 'warning' })]);
    the.pass(SESSION_END_WARNING_MS - 1);
    expect(endsSoon()).toHaveLength(1);
  });

  it('says nothing for a token replaced or signed out before, and tells the newer token\'s end instead', async () => {
    await the.start();
    const first = loginResult(the.bed.clock.now());
    the.session.signIn(first);
    the.pass(60 * 60_000);
    const second = loginResult(the.bed.clock.now());
    the.session.signIn(second);
    the.pass(Date.parse(first.expiresAt) - the.bed.clock.now());
    expect(endsSoon()).toEqual([]);
    the.pass(Date.parse(second.expiresAt) - SESSION_END_WARNING_MS - the.bed.clock.now());
    expect(endsSoon()).toHaveLength(1);
    the.session.signOut();
    the.pass(10 * 60 * 60_000);
    expect(endsSoon()).toHaveLength(1);
  });

  it('says so at once for a session restored with less than two minutes left', async () => {
    const result = loginResult(the.bed.clock.now());
    localStorage.setItem(STATE_KEY, JSON.stringify({ auth: { token: result.token, language: 'de', colors: {}, user: demoUser } }));
    the.bed.clock.time = Date.parse(result.expiresAt) - 60_000;
    await the.start();
    the.bed.timers.advance(0);
    expect(endsSoon()).toEqual([expect.objectContaining({ values: { count: 1 } })]);
  });

  it('says nothing while a renewal is still to come before the end', async () => {
    await the.start();
    const result = loginResult(the.bed.clock.now());
    the.session.signIn(result);
    outlook.renewalAhead = true;
    the.pass(Date.parse(result.expiresAt) - SESSION_END_WARNING_MS - the.bed.clock.now());
    expect(endsSoon()).toEqual([]);
  });

  it('stops after dispose()', async () => {
    await the.start();
    const result = loginResult(the.bed.clock.now());
    the.session.signIn(result);
    the.part.dispose();
    the.pass(Date.parse(result.expiresAt) - the.bed.clock.now() - 1);
    expect(endsSoon()).toEqual([]);
  });
});
