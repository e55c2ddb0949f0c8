import { SessionLifecycle, TOKEN_SETTLE_MS } from '../../../../src/domain/lifecycle/SessionLifecycle';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { HttpClient } from '../../../../src/domain/ports/HttpClient';
import { createTestContainer } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { handOffTimeOver } from './handOffTimeOver';
import { loginResultAt, MINUTE } from './loginResultAt';
import { sessionPartTestBed } from './sessionPartTestBed';
import { browserTellsThisTab, otherTab, startSignedInElsewhere } from './signedInInAnotherTab';

describe('SessionLifecycle', () => {
  const the = sessionPartTestBed((bed) => bed.container.get(SessionLifecycle));

  describe('the live stream follows the token after it settled', () => {
    beforeEach(the.start);

    it('opens exactly one stream about 500 ms after login', () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.bed.timers.advance(TOKEN_SETTLE_MS - 1);
      expect(the.bed.events.opens).toBe(0);
      the.bed.timers.advance(1);
      expect(the.bed.events.calls).toEqual(['open']);
      the.bed.timers.advance(10_000);
      expect(the.bed.events.calls).toEqual(['open']);
    });

    it('does not touch the stream for a token set and cleared within 500 ms', () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.bed.timers.advance(300);
      the.session.signOut();
      the.bed.timers.advance(2000);
      expect(the.bed.events.calls).toEqual([]);
    });

    it('removes the tenant style at once on logout, and closes the stream 500 ms later', () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.bed.timers.advance(TOKEN_SETTLE_MS);
      the.session.signOut();
      expect(the.bed.theme.calls.at(-1)).toBe('remove');
      the.bed.timers.advance(TOKEN_SETTLE_MS - 1);
      expect(the.bed.events.calls).toEqual(['open']);
      the.bed.timers.advance(1);
      expect(the.bed.events.calls).toEqual(['open', 'close']);
    });

    it('reopens with the new token when another replaces it', () => {
      const first = loginResult(the.bed.clock.now());
      const second = loginResult(the.bed.clock.now() + 1000);
      the.session.signIn(first);
      the.bed.timers.advance(TOKEN_SETTLE_MS);
      the.session.signIn(second);
      the.bed.timers.advance(TOKEN_SETTLE_MS);
      expect(the.bed.events.calls).toEqual(['open', 'close', 'open']);
      expect(the.bed.events.openedWith).toEqual([first.token, second.token]);
    });

    it('paints the tenant colours while signed in', () => {
      the.session.signIn(loginResult(the.bed.clock.now(), { ...demoUser, theme: { color1: '#112233' } }));
      expect(the.bed.theme.calls).toEqual([{ color1: '#112233' }]);
      the.session.setUser({ ...demoUser, theme: { color1: '#112233', color3: 'rgb(1, 2, 3)' } });
      expect(the.bed.theme.calls.at(-1)).toEqual({ color1: '#112233', color3: 'rgb(1, 2, 3)' });
    });

    it('subscribes to push when a token appears and unsubscribes when it goes', async () => {
      expect(the.bed.push.calls).toEqual(['unsubscribeLeftover']);
      the.session.signIn(loginResult(the.bed.clock.now()));
      expect(the.bed.push.calls).toEqual(['unsubscribeLeftover', 'subscribe']);
      the.session.signOut();
      expect(the.bed.push.calls).toEqual(['unsubscribeLeftover', 'subscribe', 'unsubscribe']);
    });

  });

  describe('the session is renewed while the console is used (SessionRenewal), and the stream and the warning follow', () => {
    const renewals = () => the.bed.backend.requests.filter((request) => request.method === 'POST' && request.url === '/auth/renew');
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

    beforeEach(the.start);

    it('renews at two thirds of the token\'s life and moves the stream to the new token, resuming', async () => {
      const signedIn = the.bed.clock.now();
      the.session.signIn(loginResultAt(signedIn, signedIn));
      the.pass(TOKEN_SETTLE_MS);
      expect(the.bed.events.calls).toEqual(['open']);
      const renewed = loginResultAt(signedIn + 10 * MINUTE, signedIn);
      the.bed.backend.on('POST /auth/renew', { status: 200, body: renewed });
      the.pass(10 * MINUTE - TOKEN_SETTLE_MS - 1);
      expect(renewals()).toHaveLength(0);
      the.pass(1);
      await flush();
      expect(renewals()).toHaveLength(1);
      expect(the.session.token).toBe(renewed.token);
      the.pass(TOKEN_SETTLE_MS);
      expect(the.bed.events.calls).toEqual(['open', 'renew']);
      expect(the.bed.events.openedWith.at(-1)).toBe(renewed.token);
      // The renewed token is renewed in its turn; no warning was due.
      the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 20 * MINUTE, signedIn) });
      the.pass(10 * MINUTE);
      await flush();
      expect(renewals()).toHaveLength(2);
      expect(the.bed.notifier.toasts.filter((toast) => toast.message === 'session.endsSoon')).toEqual([]);
    });

    it('does not renew an idle console: it warns, and renews when it is used again before the end', async () => {
      const signedIn = the.bed.clock.now();
      the.session.signIn(loginResultAt(signedIn, signedIn));
      the.bed.activity.idle = true;
      the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 14 * MINUTE, signedIn) });
      the.pass(13 * MINUTE);
      await flush();
      expect(renewals()).toHaveLength(0);
      expect(the.bed.notifier.toasts).toEqual([expect.objectContaining({ message: 'session.endsSoon', values: { count: 2 } })]);
      the.pass(MINUTE);
      the.bed.activity.resume();
      await flush();
      expect(renewals()).toHaveLength(1);
      expect(the.session.token).toBe(loginResultAt(signedIn + 14 * MINUTE, signedIn).token);
    });

    it('stops renewing once a renewal no longer extends the session (its longest time reached)', async () => {
      const signedIn = the.bed.clock.now();
      the.session.signIn(loginResultAt(signedIn, signedIn));
      // The backend caps the renewed token at the session's end: the same expiry.
      the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 10 * MINUTE, signedIn, 5 * MINUTE) });
      the.pass(10 * MINUTE);
      await flush();
      expect(renewals()).toHaveLength(1);
      the.pass(4 * MINUTE);
      await flush();
      expect(renewals()).toHaveLength(1);
      expect(the.bed.notifier.toasts.filter((toast) => toast.message === 'session.endsSoon')).toHaveLength(1);
    });

    it('warns of no end that a renewal still to come prevents (tokens shorter than six minutes)', async () => {
      const signedIn = the.bed.clock.now();
      the.session.signIn(loginResultAt(signedIn, signedIn, 3 * MINUTE));
      the.bed.backend.on('POST /auth/renew', { status: 200, body: loginResultAt(signedIn + 2 * MINUTE, signedIn, 3 * MINUTE) });
      the.pass(MINUTE);
      expect(the.bed.notifier.toasts).toEqual([]);
      the.pass(MINUTE);
      await flush();
      expect(renewals()).toHaveLength(1);
      expect(the.bed.notifier.toasts).toEqual([]);
    });

    it('opens a new stream, not a renewed one, for another session of the same user', async () => {
      const first = the.bed.clock.now();
      the.session.signIn(loginResultAt(first, first));
      the.pass(TOKEN_SETTLE_MS);
      the.session.signIn(loginResultAt(first + MINUTE, first + MINUTE));
      the.pass(TOKEN_SETTLE_MS);
      expect(the.bed.events.calls).toEqual(['open', 'close', 'open']);
    });
  });

  describe('a 403 to a request of the current session reads the user again and keeps the session', () => {
    beforeEach(the.start);
    const forbidden = { status: 403, body: { type: 'urn:order-cockpit:problem:forbidden', title: 'Nicht erlaubt', status: 403, role: 'viewer', required: 'operator' } };

    it('takes the role the backend has now, shows no logout and stays signed in', async () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      expect(the.session.role).toBe('operator');
      the.bed.backend.on('PATCH /orders/o-1', forbidden);
      the.bed.backend.on('GET /me', { status: 200, body: { ...demoUser, role: 'viewer' } });
      const http = the.bed.container.get<HttpClient>(HttpClient);
      await expect(http.put('/orders/o-1', { notes: 'x' })).rejects.toMatchObject({ status: 403, kind: 'forbidden' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(the.bed.backend.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['PATCH /orders/o-1', 'GET /me']);
      expect(the.session.role).toBe('viewer');
      expect(the.session.isSignedIn).toBe(true);
      expect(the.bed.navigator.navigations).toEqual([]);
    });

    it('reads nothing for a 403 of an older session\'s request', async () => {
      the.session.signIn(loginResult(the.bed.clock.now() - 1000));
      the.bed.backend.on('PATCH /orders/o-1', forbidden);
      const http = the.bed.container.get<HttpClient>(HttpClient);
      const request = http.put('/orders/o-1', { notes: 'x' });
      the.session.signIn(loginResult(the.bed.clock.now()));
      await expect(request).rejects.toMatchObject({ status: 403 });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(the.bed.backend.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['PATCH /orders/o-1']);
    });
  });

  describe('a 401 of the current session ends it (SessionExpiry)', () => {
    beforeEach(the.start);

    it('a 401 of the stream logs out like any other', async () => {
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.bed.events.refuse(the.session.token);
      await handOffTimeOver(the);
      expect(the.session.isSignedIn).toBe(false);
      expect(the.bed.navigator.navigations.at(-1)).toMatch(/^\/login/);
    });
  });

  it('reads the user again at a start with a stored session, and takes it while the session is the same', async () => {
    const first = createTestContainer();
    const firstSession = first.container.get<SessionStore>(SessionStore);
    await firstSession.restore();
    firstSession.signIn(loginResult(first.clock.now(), { ...demoUser, language: 'de', theme: {} }));
    firstSession.dispose();
    the.bed.backend.on('GET /me', { status: 200, body: { ...demoUser, language: 'en', theme: { color1: '#112233' } } });
    await the.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(the.bed.backend.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /me']);
    expect(the.session.language).toBe('en');
    expect(the.bed.theme.calls.at(-1)).toEqual({ color1: '#112233' });
  });

  it('does not read the user at a start without a session', async () => {
    await the.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(the.bed.backend.requests).toEqual([]);
  });

  it('opens the stream for a session restored from storage, and subscribes to push', async () => {
    const first = createTestContainer();
    const firstSession = first.container.get<SessionStore>(SessionStore);
    await firstSession.restore();
    firstSession.signIn(loginResult(first.clock.now()));
    firstSession.dispose();
    await the.start();
    expect(the.session.isSignedIn).toBe(true);
    expect(the.bed.push.calls).toEqual(['subscribe']);
    the.bed.timers.advance(TOKEN_SETTLE_MS);
    expect(the.bed.events.calls).toEqual(['open']);
  });

  describe('a start without a session forgets the push subscription an earlier session left in this browser', () => {
    it('when nobody was signed in', async () => {
      await the.start();
      expect(the.session.isSignedIn).toBe(false);
      expect(the.bed.push.calls).toEqual(['unsubscribeLeftover']);
    });

    it('when the stored token expired while the console was closed', async () => {
      const earlier = createTestContainer();
      const earlierSession = earlier.container.get<SessionStore>(SessionStore);
      await earlierSession.restore();
      earlierSession.signIn(loginResult(earlier.clock.now()));
      earlierSession.dispose();
      the.bed.clock.time = earlier.clock.now() + 9 * 3600 * 1000;
      await the.start();
      expect(the.session.isSignedIn).toBe(false);
      expect(the.bed.push.calls).toEqual(['unsubscribeLeftover']);
      the.bed.timers.advance(TOKEN_SETTLE_MS);
      expect(the.bed.events.calls).toEqual([]);
    });

    it('once: signing in and out afterwards subscribes and unsubscribes as always', async () => {
      await the.start();
      the.session.signIn(loginResult(the.bed.clock.now()));
      the.session.signOut();
      expect(the.bed.push.calls).toEqual(['unsubscribeLeftover', 'subscribe', 'unsubscribe']);
    });
  });
});

describe('tabs of one browser agree on the session', () => {
  it('logging out in another tab logs out this one, which closes its stream; logging in comes over too', async () => {
    const { thisWindow, bed, session, part: lifecycle } = await startSignedInElsewhere(({ container }) => container.get(SessionLifecycle));
    bed.timers.advance(TOKEN_SETTLE_MS);
    expect(bed.events.calls).toEqual(['open']);

    otherTab.setItem('auth', { token: null, language: 'de', colors: {}, user: null });
    await browserTellsThisTab(thisWindow);
    expect(session.isSignedIn).toBe(false);
    bed.timers.advance(TOKEN_SETTLE_MS);
    expect(bed.events.calls).toEqual(['open', 'close']);

    const again = loginResult(bed.clock.now() + 1000);
    otherTab.setItem('auth', { token: again.token, language: 'en', colors: {}, user: again.user });
    await browserTellsThisTab(thisWindow);
    expect(session.token).toBe(again.token);
    expect(session.language).toBe('en');
    bed.timers.advance(TOKEN_SETTLE_MS);
    expect(bed.events.calls).toEqual(['open', 'close', 'open']);

    // Only the console's key counts.
    otherTab.setItem('auth', { token: null, language: 'en', colors: {}, user: null });
    await browserTellsThisTab(thisWindow, 'something.else');
    expect(session.isSignedIn).toBe(true);
    lifecycle.dispose();
    session.dispose();
  });
});
