import { RENEW_RETRY_MS, RENEWAL_LOCK, SessionRenewal } from '../../../../src/domain/lifecycle/SessionRenewal';
import { SESSION_HANDOFF_MS } from '../../../../src/domain/lifecycle/tokenReplaced';
import { TabLock } from '../../../../src/domain/ports/TabLock';
import { STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { loginResultAt, MINUTE } from './loginResultAt';
import { sessionPartTestBed } from './sessionPartTestBed';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A tab lock another tab holds until the test releases it; records who asked for what. */
class HeldTabLock implements TabLock {
  readonly asked: string[] = [];
  private release: () => void = () => undefined;
  private readonly free = new Promise<void>((resolve) => (this.release = resolve));

  async run<T>(name: string, work: (waited: boolean) => Promise<T>): Promise<T> {
    this.asked.push(name);
    await this.free;
    return work(true);
  }

  letGo(): void {
    this.release();
  }
}

describe('SessionRenewal', () => {
  const the = sessionPartTestBed((bed) => bed.container.get(SessionRenewal));

  const renewals = () => the.bed.backend.requests.filter((request) => request.method === 'POST' && request.url === '/auth/renew');

  it('renews at two thirds of the token\'s life, and the renewed token in its turn', async () => {
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    const renewed = loginResultAt(signedIn + 10 * MINUTE, signedIn);
    the.bed.backend.on('POST /auth/renew', { status: 200, body: renewed });
    the.pass(10 * MINUTE - 1);
    await flush();
    expect(renewals()).toHaveLength(0);
    expect(the.part.renewalAhead).toBe(true);
    the.pass(1);
    await flush();
    expect(renewals()).toHaveLength(1);
    expect(the.session.token).toBe(renewed.token);
    the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 20 * MINUTE, signedIn) });
    the.pass(10 * MINUTE);
    await flush();
    expect(renewals()).toHaveLength(2);
  });

  it('does not renew an idle console, and renews when it is used again before the end', async () => {
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    the.bed.activity.idle = true;
    expect(the.part.renewalAhead).toBe(false);
    the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 14 * MINUTE, signedIn) });
    the.pass(13 * MINUTE);
    await flush();
    expect(renewals()).toHaveLength(0);
    the.pass(MINUTE);
    the.bed.activity.resume();
    await flush();
    expect(renewals()).toHaveLength(1);
    expect(the.session.token).toBe(loginResultAt(signedIn + 14 * MINUTE, signedIn).token);
  });

  it('does not renew a token that expired while the console was idle', async () => {
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    the.bed.activity.idle = true;
    the.pass(15 * MINUTE);
    the.bed.activity.resume();
    await flush();
    expect(renewals()).toHaveLength(0);
  });

  it('tries a failed renewal again a minute later, while the token lasts', async () => {
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    the.bed.backend.on('POST /auth/renew', { status: 503, body: { type: 'about:blank', title: 'Unavailable', status: 503 } });
    the.pass(10 * MINUTE);
    await flush();
    expect(renewals()).toHaveLength(1);
    the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 11 * MINUTE, signedIn) });
    the.pass(RENEW_RETRY_MS - 1);
    await flush();
    expect(renewals()).toHaveLength(1);
    the.pass(1);
    await flush();
    expect(renewals()).toHaveLength(2);
    expect(the.session.token).toBe(loginResultAt(signedIn + 11 * MINUTE, signedIn).token);
  });

  it('stops renewing once a renewal no longer extends the session (its longest time reached)', async () => {
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    // The backend caps the renewed token at the session's end: the same expiry.
    the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 10 * MINUTE, signedIn, 5 * MINUTE) });
    the.pass(10 * MINUTE);
    await flush();
    expect(renewals()).toHaveLength(1);
    expect(the.part.renewalAhead).toBe(false);
    the.pass(5 * MINUTE);
    await flush();
    expect(renewals()).toHaveLength(1);
  });

  it('takes the token another tab renewed instead of renewing the revoked one again', async () => {
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    the.pass(10 * MINUTE - 1);
    // Another tab renewed a moment ago; its storage event has not reached this one yet.
    const elsewhere = loginResultAt(signedIn + 10 * MINUTE - 1, signedIn);
    const stored = JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}') as { auth: Record<string, unknown> };
    localStorage.setItem(STATE_KEY, JSON.stringify({ ...stored, auth: { ...stored.auth, token: elsewhere.token } }));
    the.pass(1);
    await flush();
    await flush();
    expect(renewals()).toHaveLength(0);
    expect(the.session.token).toBe(elsewhere.token);
  });

  it('renews only under the tabs\' renewal lock, and reads the stored session once it has it', async () => {
    const lock = new HeldTabLock();
    the.bed.container.rebind(TabLock).toConstantValue(lock);
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 10 * MINUTE, signedIn) });
    the.pass(10 * MINUTE);
    await flush();
    expect(lock.asked).toEqual([RENEWAL_LOCK]);
    expect(renewals()).toHaveLength(0);
    // The tab that held it renewed meanwhile.
    const elsewhere = loginResultAt(signedIn + 10 * MINUTE, signedIn);
    const stored = JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}') as { auth: Record<string, unknown> };
    localStorage.setItem(STATE_KEY, JSON.stringify({ ...stored, auth: { ...stored.auth, token: elsewhere.token } }));
    lock.letGo();
    await flush();
    await flush();
    expect(renewals()).toHaveLength(0);
    expect(the.session.token).toBe(elsewhere.token);
  });

  describe('after waiting for the lock another tab held', () => {
    /** The lock another tab held a moment ago: the work runs now, told that it waited. */
    const lockHeldBefore: TabLock = { run: (_name, work) => work(true) };
    /** Another tab stores its renewed session; this tab reads it when the browser tells it, `at` later. */
    const handedOverLate = async (at: number, result: { token: string }) => {
      const stored = JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}') as { auth: Record<string, unknown> };
      the.pass(at);
      localStorage.setItem(STATE_KEY, JSON.stringify({ ...stored, auth: { ...stored.auth, token: result.token } }));
      await the.session.reread();
      await flush();
    };

    it('waits for that tab\'s renewed session, which the browser hands over after the lock, and sends no revoked token', async () => {
      the.bed.container.rebind(TabLock).toConstantValue(lockHeldBefore);
      await the.start();
      const signedIn = the.bed.clock.now();
      the.session.signIn(loginResultAt(signedIn, signedIn));
      the.bed.backend.on('POST /auth/renew', { status: 401, body: { type: 'about:blank', title: 'Unauthorized', status: 401 } });
      the.pass(10 * MINUTE);
      await flush();
      expect(renewals()).toHaveLength(0);
      const elsewhere = loginResultAt(signedIn + 10 * MINUTE, signedIn);
      await handedOverLate(SESSION_HANDOFF_MS - 1, elsewhere);
      the.pass(SESSION_HANDOFF_MS);
      await flush();
      expect(renewals()).toHaveLength(0);
      expect(the.session.token).toBe(elsewhere.token);
    });

    it('renews once the wait is over and nothing came (the other tab held the lock for something else)', async () => {
      the.bed.container.rebind(TabLock).toConstantValue(lockHeldBefore);
      await the.start();
      const signedIn = the.bed.clock.now();
      the.session.signIn(loginResultAt(signedIn, signedIn));
      const renewed = loginResultAt(signedIn + 10 * MINUTE, signedIn);
      the.bed.backend.on('POST /auth/renew', { status: 200, body: renewed });
      the.pass(10 * MINUTE);
      await flush();
      the.pass(SESSION_HANDOFF_MS - 1);
      await flush();
      expect(renewals()).toHaveLength(0);
      the.pass(1);
      await flush();
      await flush();
      expect(renewals()).toHaveLength(1);
      expect(the.session.token).toBe(renewed.token);
    });
  });

  it('stops after dispose()', async () => {
    await the.start();
    const signedIn = the.bed.clock.now();
    the.session.signIn(loginResultAt(signedIn, signedIn));
    the.part.dispose();
    the.pass(10 * MINUTE);
    await flush();
    expect(renewals()).toHaveLength(0);
  });
});
