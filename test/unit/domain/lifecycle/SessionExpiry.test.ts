import { SessionExpiry } from '../../../../src/domain/lifecycle/SessionExpiry';
import { SESSION_HANDOFF_MS } from '../../../../src/domain/lifecycle/tokenReplaced';
import { HttpClient } from '../../../../src/domain/ports/HttpClient';
import { StatePersistence } from '../../../../src/domain/ports/StatePersistence';
import { STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { loginResult } from '../../support/demoUser';
import { handOffTimeOver } from './handOffTimeOver';
import { sessionPartTestBed } from './sessionPartTestBed';
import { browserTellsThisTab, otherTab, startSignedInElsewhere } from './signedInInAnotherTab';

describe('SessionExpiry', () => {
  const the = sessionPartTestBed((bed) => bed.container.get(SessionExpiry));

  describe('a 401 to a request of the current session ends it once', () => {
    beforeEach(the.start);
    const unauthorized = { status: 401, body: { type: 'about:blank', title: 'Unauthorized', status: 401 } };
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('turns ten simultaneous 401s into one logout, one toast and one navigation back to where the operator was', async () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.bed.navigator.currentPath = '/orders?status=new';
      the.bed.backend.on('GET /orders', unauthorized);
      const http = the.bed.container.get<HttpClient>(HttpClient);
      const signOut = jest.spyOn(the.session, 'signOut');
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => http.get('/orders')));
      expect(results.every((result) => result.status === 'rejected')).toBe(true);
      await handOffTimeOver(the);
      expect(signOut).toHaveBeenCalledTimes(1);
      expect(the.session.isSignedIn).toBe(false);
      expect(the.bed.navigator.navigations).toEqual(['/login?returnTo=%2Forders%3Fstatus%3Dnew']);
      expect(the.bed.notifier.toasts).toEqual([expect.objectContaining({ message: 'login.sessionExpired' })]);
    });

    it('a 401 of the stream logs out like any other', async () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.bed.events.refuse(the.session.token);
      await handOffTimeOver(the);
      expect(the.session.isSignedIn).toBe(false);
      expect(the.bed.navigator.navigations.at(-1)).toMatch(/^\/login/);
    });

    it('ignores a 401 to a request made with an older token, and one made signed out', async () => {
      const old = loginResult(the.bed.clock.now() - 1000);
      the.session.signIn(old);
      the.bed.backend.on('GET /orders', unauthorized);
      const http = the.bed.container.get<HttpClient>(HttpClient);
      const request = http.get('/orders');
      the.session.signIn(loginResult(the.bed.clock.now()));
      const current = the.session.token;
      await expect(request).rejects.toMatchObject({ status: 401 });
      the.bed.events.refuse(null);
      expect(the.session.token).toBe(current);
      expect(the.bed.navigator.navigations).toEqual([]);
      expect(the.bed.notifier.toasts).toEqual([]);
    });

    it('lets a session go on whose token another tab renewed meanwhile (the renewal revoked the one refused)', async () => {
      const signedIn = the.bed.clock.now();
      the.session.signIn(loginResult(signedIn));
      const refusedToken = the.session.token;
      // The other tab stored its renewed token; its storage event has not reached this one yet.
      const renewed = loginResult(signedIn + 1000);
      const stored = JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}') as { auth: Record<string, unknown> };
      localStorage.setItem(STATE_KEY, JSON.stringify({ ...stored, auth: { ...stored.auth, token: renewed.token } }));
      the.bed.events.refuse(refusedToken);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(the.session.isSignedIn).toBe(true);
      expect(the.session.token).toBe(renewed.token);
      expect(the.bed.navigator.navigations).toEqual([]);
      expect(the.bed.notifier.toasts).toEqual([]);
    });

    it('tells the end of a session whose refused token has expired when the stored session is read again', async () => {
      the.bed.navigator.currentPath = '/orders/o-7';
      the.session.signIn(loginResult(the.bed.clock.now()));
      // The token's time is over: read again, the stored session is no session any more, and no
      // other tab's renewal is waited for.
      the.bed.clock.time += 9 * 3600_000;
      the.bed.events.refuse(the.session.token);
      the.bed.events.refuse(the.session.token);
      await settled();
      expect(the.session.isSignedIn).toBe(false);
      expect(the.bed.notifier.toasts).toEqual([expect.objectContaining({ message: 'login.sessionExpired' })]);
      expect(the.bed.navigator.navigations).toEqual(['/login?returnTo=%2Forders%2Fo-7']);
    });

    it('stops after dispose()', async () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.part.dispose();
      the.bed.events.refuse(the.session.token);
      expect(the.session.isSignedIn).toBe(true);
    });
  });
});

describe('SessionExpiry in one of the tabs of a browser', () => {
  it('a token refused because another tab renewed it waits for that tab\'s stored session, which the browser hands over late', async () => {
    const { thisWindow, bed, session, signedIn, part: expiry } = await startSignedInElsewhere(({ container }) => container.get(SessionExpiry));
    // Another tab's writes are read again when the browser tells of them (as the lifecycle does).
    const rereading = bed.container.get<StatePersistence>(StatePersistence).onDidChangeElsewhere(() => void session.reread());

    // The other tab renewed: the backend refuses the old token (the stream's reconnection), while
    // this tab's copy of the storage still holds it once the renewal lock is free.
    bed.events.refuse(signedIn.token);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.token).toBe(signedIn.token);
    bed.timers.advance(SESSION_HANDOFF_MS / 2);
    const renewed = loginResult(bed.clock.now() + 1000);
    otherTab.setItem('auth', { token: renewed.token, language: 'de', colors: {}, user: renewed.user });
    await browserTellsThisTab(thisWindow);
    bed.timers.advance(SESSION_HANDOFF_MS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.token).toBe(renewed.token);
    expect(bed.navigator.navigations).toEqual([]);
    expect(bed.notifier.toasts).toEqual([]);
    expect(JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}').auth.token).toBe(renewed.token);

    // Refused in its turn with nothing handed over, the renewed token ends the session after the wait.
    bed.events.refuse(renewed.token);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.isSignedIn).toBe(true);
    bed.timers.advance(SESSION_HANDOFF_MS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.isSignedIn).toBe(false);
    expect(bed.notifier.toasts).toEqual([expect.objectContaining({ message: 'login.sessionExpired' })]);
    rereading.dispose();
    rereading.dispose();
    expiry.dispose();
    session.dispose();
  });
});
