import { SESSION_END_WARNING_MS, SessionEndWarning } from '../../../../src/domain/lifecycle/SessionEndWarning';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';

describe('SessionEndWarning', () => {
  let bed: TestBed;
  let session: SessionStore;
  let warning: SessionEndWarning;
  /** Whether a renewal is still to come before the token's end: the test says. */
  const outlook = { renewalAhead: false };

  /** Moves the clock and the timers together, as time passing does. */
  const pass = (ms: number) => {
    bed.clock.time += ms;
    bed.timers.advance(ms);
  };
  const endsSoon = () => bed.notifier.toasts.filter((toast) => toast.message === 'session.endsSoon');

  const start = async () => {
    session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    warning = new SessionEndWarning({ session, renewal: outlook, notifier: bed.notifier, timers: bed.timers, clock: bed.clock });
    warning.start();
  };

  beforeEach(() => {
    localStorage.clear();
    outlook.renewalAhead = false;
    bed = createTestContainer();
  });

  afterEach(() => {
    warning.dispose();
    session.dispose();
  });

  it('says so with the minutes left, once, two minutes before the token expires', async () => {
    await start();
    const result = loginResult(bed.clock.now());
    session.signIn(result);
    const life = Date.parse(result.expiresAt) - bed.clock.now();
    pass(life - SESSION_END_WARNING_MS - 1);
    expect(endsSoon()).toEqual([]);
    pass(1);
    expect(endsSoon()).toEqual([expect.objectContaining({ values: { count: 2 }, intent: 'warning' })]);
    pass(SESSION_END_WARNING_MS - 1);
    expect(endsSoon()).toHaveLength(1);
  });

  it('says nothing for a token replaced or signed out before, and tells the newer token\'s end instead', async () => {
    await start();
    const first = loginResult(bed.clock.now());
    session.signIn(first);
    pass(60 * 60_000);
    const second = loginResult(bed.clock.now());
    session.signIn(second);
    pass(Date.parse(first.expiresAt) - bed.clock.now());
    expect(endsSoon()).toEqual([]);
    pass(Date.parse(second.expiresAt) - SESSION_END_WARNING_MS - bed.clock.now());
    expect(endsSoon()).toHaveLength(1);
    session.signOut();
    pass(10 * 60 * 60_000);
    expect(endsSoon()).toHaveLength(1);
  });

  it('says so at once for a session restored with less than two minutes left', async () => {
    const result = loginResult(bed.clock.now());
    localStorage.setItem(STATE_KEY, JSON.stringify({ auth: { token: result.token, language: 'de', colors: {}, user: demoUser } }));
    bed.clock.time = Date.parse(result.expiresAt) - 60_000;
    await start();
    bed.timers.advance(0);
    expect(endsSoon()).toEqual([expect.objectContaining({ values: { count: 1 } })]);
  });

  it('says nothing while a renewal is still to come before the end', async () => {
    await start();
    const result = loginResult(bed.clock.now());
    session.signIn(result);
    outlook.renewalAhead = true;
    pass(Date.parse(result.expiresAt) - SESSION_END_WARNING_MS - bed.clock.now());
    expect(endsSoon()).toEqual([]);
  });

  it('stops after dispose()', async () => {
    await start();
    const result = loginResult(bed.clock.now());
    session.signIn(result);
    warning.dispose();
    pass(Date.parse(result.expiresAt) - bed.clock.now() - 1);
    expect(endsSoon()).toEqual([]);
  });
});
