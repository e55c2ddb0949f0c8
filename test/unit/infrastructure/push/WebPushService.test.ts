import { autorun } from 'mobx';
import { SessionLifecycle } from '../../../../src/domain/lifecycle/SessionLifecycle';
import { ApiError } from '../../../../src/domain/model/ApiError';
import { isServiceWorkerError, type ServiceWorkerErrorCode } from '../../../../src/domain/model/ServiceWorkerError';
import { HttpClient } from '../../../../src/domain/ports/HttpClient';
import { PushService } from '../../../../src/domain/ports/PushService';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { BlockedNotificationsHint } from '../../../../src/domain/stores/BlockedNotificationsHint';
import { base64UrlToBytes, sameBytes } from '../../../../src/infrastructure/push/base64Url';
import { pushBrowserOf, WebPushService } from '../../../../src/infrastructure/push/WebPushService';
import de from '../../../../src/ui/locales/de.json';
import en from '../../../../src/ui/locales/en.json';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { FakePushBrowser, vapidKey } from '../../support/pushFakes';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const KEY = vapidKey(1);
const OTHER_KEY = vapidKey(2);

describe('WebPushService', () => {
  let bed: TestBed;
  let browser: FakePushBrowser;
  let logged: unknown[];
  let push: WebPushService;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.backend
      .on('GET /push/public-key', { status: 200, body: { publicKey: KEY } })
      .on('POST /push/subscriptions', { status: 201, body: {} })
      .on('DELETE /push/subscriptions', { status: 204 });
    browser = new FakePushBrowser();
    logged = [];
    push = new WebPushService(browser, bed.container.get<HttpClient>(HttpClient), () => bed.container.get(BlockedNotificationsHint).tell(), (error) => logged.push(error));
  });

  afterEach(() => bed.container.get(BlockedNotificationsHint).dispose());

  const requests = () => bed.backend.requests.map((request) => `${request.method} ${request.url}`);
  const loggedCodes = () => logged.map((error) => (isServiceWorkerError(error) ? error.code : error));
  const expectLogged = (code: ServiceWorkerErrorCode) => {
    expect(logged).toHaveLength(1);
    expect(isServiceWorkerError(logged[0], code)).toBe(true);
  };

  describe('subscribe', () => {
    it('asks for permission when not yet decided, subscribes with the backend’s key and sends the subscription', async () => {
      await push.subscribe();
      expect(browser.permissionRequests).toBe(1);
      expect(requests()).toEqual(['GET /push/public-key', 'POST /push/subscriptions']);
      expect(browser.pushManager.subscribeCalls).toHaveLength(1);
      const options = browser.pushManager.subscribeCalls[0]!;
      expect(options.userVisibleOnly).toBe(true);
      expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(KEY);
      const subscription = browser.pushManager.subscription!;
      expect(bed.backend.requests[1]?.body).toEqual(subscription.toJSON());
      expect(bed.backend.requests[1]?.body).toMatchObject({ endpoint: 'https://push.example/send/1', keys: { p256dh: expect.any(String), auth: expect.any(String) } });
      expect(logged).toEqual([]);
      expect(bed.notifier.toasts).toEqual([]);
    });

    it('ends at once, quietly, when the browser refused the service worker, shows push as unsupported and keeps later calls running', async () => {
      browser.permissionState = 'granted';
      let refuse!: () => void;
      browser.serviceWorker = { ready: new Promise(() => undefined), getRegistration: async () => undefined };
      browser.serviceWorkerUnavailable = new Promise<void>((resolve) => (refuse = resolve));
      push = new WebPushService(browser, bed.container.get<HttpClient>(HttpClient), () => bed.container.get(BlockedNotificationsHint).tell(), (error) => logged.push(error));
      expect(push.notifications).toBe('on');
      const subscribing = push.subscribe();
      refuse();
      await subscribing;
      expect(push.notifications).toBe('unsupported');
      expect(requests()).toEqual([]);
      expect(logged).toEqual([]);
      // The queue goes on: the sign-out's unsubscribe still runs (and finds nothing to forget).
      await push.unsubscribe();
      expect(loggedCodes()).toEqual([5602]);
    });

    it('does not ask again when permission was granted before', async () => {
      browser.permissionState = 'granted';
      await push.subscribe();
      expect(browser.permissionRequests).toBe(0);
      expect(browser.pushManager.subscribeCalls).toHaveLength(1);
    });

    it('sends a subscription the browser already holds under the same key again, without subscribing anew', async () => {
      browser.permissionState = 'granted';
      const held = browser.pushManager.holdSubscription('https://push.example/send/held', base64UrlToBytes(KEY));
      await push.subscribe();
      expect(browser.pushManager.subscribeCalls).toEqual([]);
      expect(held.unsubscribeCalls).toBe(0);
      expect(bed.backend.requests.at(-1)).toMatchObject({ method: 'POST', url: '/push/subscriptions', body: held.toJSON() });
    });

    it('replaces a subscription under a key the backend no longer has', async () => {
      browser.permissionState = 'granted';
      const held = browser.pushManager.holdSubscription('https://push.example/send/held', base64UrlToBytes(OTHER_KEY));
      await push.subscribe();
      expect(held.unsubscribeCalls).toBe(1);
      expect(browser.pushManager.subscribeCalls).toHaveLength(1);
      const fresh = browser.pushManager.subscription!;
      expect(fresh).not.toBe(held);
      expect(Buffer.from(fresh.options.applicationServerKey).toString('base64url')).toBe(KEY);
      expect(bed.backend.requests.at(-1)?.body).toEqual(fresh.toJSON());
    });

    it('tells the operator once when permission is denied, and does not try again', async () => {
      browser.permissionState = 'denied';
      await push.subscribe();
      await push.subscribe();
      expect(bed.notifier.toasts).toEqual([{ title: 'push.deniedTitle', message: 'push.denied', intent: 'warning' }]);
      expect(browser.permissionRequests).toBe(0);
      expect(browser.pushManager.subscribeCalls).toEqual([]);
      expect(requests()).toEqual([]);
      expect(logged).toEqual([]);
      expect(en.push.denied).toBeTruthy();
      expect(de.push.denied).toMatch(/\bSie\b/);
    });

    it('tells the operator once when they deny the permission prompt', async () => {
      browser.permissionAnswer = 'denied';
      await push.subscribe();
      await push.subscribe();
      expect(browser.permissionRequests).toBe(1);
      expect(bed.notifier.toasts).toHaveLength(1);
      expect(requests()).toEqual([]);
    });

    it('neither subscribes nor complains when the prompt is dismissed undecided', async () => {
      browser.permissionAnswer = 'default';
      await push.subscribe();
      expect(bed.notifier.toasts).toEqual([]);
      expect(browser.pushManager.subscribeCalls).toEqual([]);
      expect(requests()).toEqual([]);
    });

    it('logs 5601 without a service worker and asks for nothing', async () => {
      browser.withoutServiceWorker();
      await expect(push.subscribe()).resolves.toBeUndefined();
      expectLogged(5601);
      expect(browser.permissionRequests).toBe(0);
      expect(requests()).toEqual([]);
    });

    it('logs a failure of the backend and does not reject', async () => {
      bed.backend.on('GET /push/public-key', { status: 503, body: { type: 'about:blank', title: 'Unavailable', status: 503 } });
      await expect(push.subscribe()).resolves.toBeUndefined();
      expect(logged).toEqual([expect.any(ApiError)]);
      expect(browser.pushManager.subscribeCalls).toEqual([]);
    });

    it('logs a failure of the browser and does not reject', async () => {
      browser.pushManager.subscribe = () => Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
      await expect(push.subscribe()).resolves.toBeUndefined();
      expect(logged).toEqual([expect.objectContaining({ name: 'AbortError' })]);
      expect(requests()).toEqual(['GET /push/public-key']);
    });
  });

  describe('unsubscribe', () => {
    beforeEach(async () => {
      browser.permissionState = 'granted';
      await push.subscribe();
      bed.backend.requests.length = 0;
    });

    it('tells the backend which endpoint goes, then unsubscribes the browser', async () => {
      const subscription = browser.pushManager.subscription!;
      let backendToldFirst = false;
      subscription.onUnsubscribe = () => {
        backendToldFirst = requests().includes('DELETE /push/subscriptions');
      };
      await push.unsubscribe();
      expect(bed.backend.requests).toEqual([
        expect.objectContaining({ method: 'DELETE', url: '/push/subscriptions', body: { endpoint: subscription.endpoint } }),
      ]);
      expect(backendToldFirst).toBe(true);
      expect(subscription.unsubscribeCalls).toBe(1);
      expect(browser.pushManager.subscription).toBeNull();
      expect(logged).toEqual([]);
    });

    it('unsubscribes the browser also when the backend cannot be told, and logs that', async () => {
      bed.backend.on('DELETE /push/subscriptions', { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } });
      await expect(push.unsubscribe()).resolves.toBeUndefined();
      expect(browser.pushManager.subscription).toBeNull();
      expect(logged).toEqual([expect.any(ApiError)]);
    });

    it('logs 5602 when this browser is not subscribed, and tells the backend nothing', async () => {
      browser.pushManager.subscription = null;
      await expect(push.unsubscribe()).resolves.toBeUndefined();
      expectLogged(5602);
      expect(requests()).toEqual([]);
    });

    it('logs 5602 when no service worker is registered', async () => {
      browser.registered = false;
      await push.unsubscribe();
      expectLogged(5602);
      expect(requests()).toEqual([]);
    });

    it('logs 5603 when the browser answers that unsubscribing failed', async () => {
      browser.pushManager.subscription!.unsubscribeAnswer = false;
      await expect(push.unsubscribe()).resolves.toBeUndefined();
      expectLogged(5603);
    });

    it('logs 5603 with the cause when unsubscribing throws', async () => {
      const cause = new DOMException('push service unreachable', 'NetworkError');
      browser.pushManager.subscription!.unsubscribeAnswer = cause;
      await expect(push.unsubscribe()).resolves.toBeUndefined();
      expectLogged(5603);
      expect((logged[0] as Error).cause).toBe(cause);
      expect((logged[0] as Error).message).toContain('push service unreachable');
    });

    it('logs 5601 without a service worker', async () => {
      browser.withoutServiceWorker();
      await expect(push.unsubscribe()).resolves.toBeUndefined();
      expectLogged(5601);
      expect(requests()).toEqual([]);
    });
  });

  describe('unsubscribeLeftover (a start without a session)', () => {
    const LEFTOVER = 'https://push.example/send/left-by-the-last-user';

    it('tells the backend, without a token, which endpoint an earlier session left, then unsubscribes the browser', async () => {
      const held = browser.pushManager.holdSubscription(LEFTOVER, base64UrlToBytes(KEY));
      let backendToldFirst = false;
      held.onUnsubscribe = () => {
        backendToldFirst = requests().includes('DELETE /push/subscriptions');
      };
      await push.unsubscribeLeftover();
      expect(bed.backend.requests).toEqual([expect.objectContaining({ method: 'DELETE', url: '/push/subscriptions', body: { endpoint: LEFTOVER } })]);
      expect(bed.backend.requests[0]?.headers.Authorization).toBeUndefined();
      expect(backendToldFirst).toBe(true);
      expect(held.unsubscribeCalls).toBe(1);
      expect(browser.pushManager.subscription).toBeNull();
      expect(browser.permissionRequests).toBe(0);
      expect(logged).toEqual([]);
      expect(bed.notifier.toasts).toEqual([]);
    });

    it('finds a subscription before this page registered the service worker (no waiting for `ready`)', async () => {
      browser.serviceWorker = { ready: new Promise(() => undefined), getRegistration: async () => browser.registration };
      const held = browser.pushManager.holdSubscription(LEFTOVER, base64UrlToBytes(KEY));
      await push.unsubscribeLeftover();
      expect(held.unsubscribeCalls).toBe(1);
    });

    it('is quiet when there is nothing to forget: no subscription, no registration, no service worker', async () => {
      await push.unsubscribeLeftover();
      browser.registered = false;
      await push.unsubscribeLeftover();
      browser.withoutServiceWorker();
      await expect(push.unsubscribeLeftover()).resolves.toBeUndefined();
      expect(requests()).toEqual([]);
      expect(logged).toEqual([]);
    });

    it('unsubscribes the browser also when the backend cannot be told, and logs that', async () => {
      bed.backend.on('DELETE /push/subscriptions', { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } });
      browser.pushManager.holdSubscription(LEFTOVER, base64UrlToBytes(KEY));
      await expect(push.unsubscribeLeftover()).resolves.toBeUndefined();
      expect(browser.pushManager.subscription).toBeNull();
      expect(logged).toEqual([expect.any(ApiError)]);
    });

    it('logs 5603 when the browser cannot unsubscribe', async () => {
      browser.pushManager.holdSubscription(LEFTOVER, base64UrlToBytes(KEY)).unsubscribeAnswer = false;
      await expect(push.unsubscribeLeftover()).resolves.toBeUndefined();
      expectLogged(5603);
    });

    it('runs before a sign-in that follows: the new session gets a subscription of its own', async () => {
      browser.permissionState = 'granted';
      const held = browser.pushManager.holdSubscription(LEFTOVER, base64UrlToBytes(KEY));
      await Promise.all([push.unsubscribeLeftover(), push.subscribe()]);
      expect(requests()).toEqual(['DELETE /push/subscriptions', 'GET /push/public-key', 'POST /push/subscriptions']);
      expect(held.unsubscribeCalls).toBe(1);
      expect(browser.pushManager.subscription?.endpoint).not.toBe(LEFTOVER);
      expect(bed.backend.requests.at(-1)?.body).toEqual(browser.pushManager.subscription?.toJSON());
    });
  });

  it('runs the calls one after another: an unsubscribe waits for the subscribe before it', async () => {
    browser.permissionAnswer = 'later';
    const subscribed = push.subscribe();
    const unsubscribed = push.unsubscribe();
    await flush();
    expect(requests()).toEqual([]);
    browser.answerPermission('granted');
    await Promise.all([subscribed, unsubscribed]);
    expect(requests()).toEqual(['GET /push/public-key', 'POST /push/subscriptions', 'DELETE /push/subscriptions']);
    expect(browser.pushManager.subscription).toBeNull();
    expect(logged).toEqual([]);
  });

  it('goes on after a failed call', async () => {
    browser.permissionState = 'granted';
    await push.unsubscribe();
    await push.subscribe();
    expect(loggedCodes()).toEqual([5602]);
    expect(requests()).toEqual(['GET /push/public-key', 'POST /push/subscriptions']);
  });
});

/** A browser that tells when the notification permission changes (Permissions API), as Chromium does. */
class TellingPushBrowser extends FakePushBrowser {
  private readonly listeners = new Set<() => void>();

  watchPermission(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get watchers(): number {
    return this.listeners.size;
  }

  /** The operator changes the permission in the browser's site settings. */
  changePermission(state: NotificationPermission): void {
    this.permissionState = state;
    this.listeners.forEach((listener) => listener());
  }
}

describe('the blocked hint across starts of the console', () => {
  const otherUser = { ...demoUser, id: 'u-2', email: 'werkstatt@autohaus-nord.example', name: 'Wim Werkstatt' };

  beforeEach(() => localStorage.clear());

  /** One start of the console in this browser (same localStorage) with notifications blocked: `user` signs in. */
  async function start(user: typeof demoUser) {
    const bed = createTestContainer(localStorage);
    const session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    session.signIn(loginResult(bed.clock.now(), user));
    const browser = new FakePushBrowser();
    browser.permissionState = 'denied';
    const hint = bed.container.get(BlockedNotificationsHint);
    const push = new WebPushService(browser, bed.container.get<HttpClient>(HttpClient), () => hint.tell(), () => undefined);
    await push.subscribe();
    await push.subscribe();
    session.dispose();
    hint.dispose();
    return bed.notifier.toasts;
  }

  it('tells a user once in this browser, however often the console starts; another user once as well', async () => {
    const told = [{ title: 'push.deniedTitle', message: 'push.denied', intent: 'warning' }];
    expect(await start(demoUser)).toEqual(told);
    expect(await start(demoUser)).toEqual([]);
    expect(await start(otherUser)).toEqual(told);
    expect(await start(otherUser)).toEqual([]);
    expect(await start(demoUser)).toEqual([]);
  });

  it('tells again in another browser (another storage)', async () => {
    expect(await start(demoUser)).toHaveLength(1);
    localStorage.clear();
    expect(await start(demoUser)).toHaveLength(1);
  });
});

describe('the state of notifications (PushService.notifications)', () => {
  let bed: TestBed;
  let browser: TellingPushBrowser;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.backend.on('GET /push/public-key', { status: 200, body: { publicKey: KEY } }).on('POST /push/subscriptions', { status: 201, body: {} });
    browser = new TellingPushBrowser();
  });

  afterEach(() => bed.container.get(BlockedNotificationsHint).dispose());

  const service = () => new WebPushService(browser, bed.container.get<HttpClient>(HttpClient), () => bed.container.get(BlockedNotificationsHint).tell(), () => undefined);

  it.each([
    ['granted', 'on'],
    ['denied', 'blocked'],
    ['default', 'notAsked'],
  ] as const)('is read from the browser at once: %s permission is %s', (permission, state) => {
    browser.permissionState = permission;
    expect(service().notifications).toBe(state);
  });

  it('is unsupported without service workers or push, whatever the permission, and watches nothing', () => {
    browser.permissionState = 'granted';
    browser.withoutServiceWorker();
    expect(service().notifications).toBe('unsupported');
    expect(browser.watchers).toBe(0);
  });

  it('follows the operator’s answer to the prompt', async () => {
    browser.permissionAnswer = 'later';
    const push = service();
    const subscribed = push.subscribe();
    await flush();
    expect(push.notifications).toBe('notAsked');
    browser.answerPermission('denied');
    await subscribed;
    expect(push.notifications).toBe('blocked');
  });

  it('follows a change in the browser’s site settings when the browser tells, observably; dispose stops listening', () => {
    browser.permissionState = 'denied';
    const push = service();
    const seen: string[] = [];
    const stop = autorun(() => seen.push(push.notifications));
    browser.changePermission('granted');
    browser.changePermission('default');
    push.dispose();
    browser.changePermission('denied');
    stop();
    expect(seen).toEqual(['blocked', 'on', 'notAsked']);
    expect(browser.watchers).toBe(0);
  });
});

describe('the VAPID key', () => {
  it('is read from base64url without padding', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 250) % 256);
    const text = Buffer.from(bytes).toString('base64url');
    expect(text).toMatch(/[-_]/);
    expect(text).not.toContain('=');
    expect(base64UrlToBytes(text)).toEqual(bytes);
  });

  it('is compared byte by byte with the key a subscription was made with', () => {
    const key = base64UrlToBytes(KEY);
    expect(sameBytes(Uint8Array.from(key).buffer, key)).toBe(true);
    expect(sameBytes(base64UrlToBytes(OTHER_KEY).buffer, key)).toBe(false);
    expect(sameBytes(key.slice(1).buffer, key)).toBe(false);
    expect(sameBytes(null, key)).toBe(false);
  });
});

describe('pushBrowserOf', () => {
  const notification = Object.assign(function Notification() {}, { permission: 'granted', requestPermission: async () => 'granted' });
  const browserWindow = (leaveOut?: 'PushManager' | 'Notification') => {
    const parts: Record<string, unknown> = {
      navigator: { serviceWorker: { ready: Promise.resolve() } },
      PushManager: function PushManager() {},
      Notification: notification,
    };
    if (leaveOut) delete parts[leaveOut];
    return parts as unknown as Window & typeof globalThis;
  };

  const own = (win: Window & typeof globalThis) => win.navigator.serviceWorker;

  it("offers the console's service workers in a browser with push", () => {
    const win = browserWindow();
    const browser = pushBrowserOf(win, own(win));
    expect(browser.serviceWorker).toBe(win.navigator.serviceWorker);
    expect(browser.permission()).toBe('granted');
  });

  it('tells of permission changes through the Permissions API', async () => {
    const status = new EventTarget();
    const win = browserWindow();
    Object.assign(win.navigator, { permissions: { query: async () => status } });
    const listener = jest.fn();
    const stop = pushBrowserOf(win, own(win)).watchPermission!(listener);
    await flush();
    status.dispatchEvent(new Event('change'));
    stop();
    status.dispatchEvent(new Event('change'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('offers none where the console has no service worker of its own (a development build), so every call logs 5601', () => {
    expect(pushBrowserOf(browserWindow(), null).serviceWorker).toBeNull();
  });

  it('offers none where the browser lacks push or notifications; without notifications permission counts as denied', async () => {
    const noPush = browserWindow('PushManager');
    expect(pushBrowserOf(noPush, own(noPush)).serviceWorker).toBeNull();
    const withoutNotifications = browserWindow('Notification');
    const noNotifications = pushBrowserOf(withoutNotifications, own(withoutNotifications));
    expect(noNotifications.serviceWorker).toBeNull();
    expect(noNotifications.permission()).toBe('denied');
    await expect(noNotifications.requestPermission()).resolves.toBe('denied');
    // jsdom has neither service workers nor push.
    expect(pushBrowserOf(window, null).serviceWorker).toBeNull();
  });
});

describe('lifecycle subscribe/unsubscribe with a fake PushManager', () => {
  it('signing in subscribes and sends the subscription; signing out deletes the endpoint and unsubscribes the browser', async () => {
    localStorage.clear();
    const bed = createTestContainer();
    bed.backend
      .on('GET /push/public-key', { status: 200, body: { publicKey: KEY } })
      .on('POST /push/subscriptions', { status: 201, body: {} })
      .on('DELETE /push/subscriptions', { status: 204 });
    const browser = new FakePushBrowser();
    browser.permissionState = 'granted';
    const logged: unknown[] = [];
    bed.container
      .rebind(PushService)
      .toResolvedValue(
        (http: HttpClient, hint: BlockedNotificationsHint) => new WebPushService(browser, http, () => hint.tell(), (error) => logged.push(error)),
        [HttpClient, BlockedNotificationsHint],
      );
    const session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    const lifecycle = bed.container.get(SessionLifecycle);
    lifecycle.start();
    await flush();
    expect(bed.backend.requests).toEqual([]);

    const login = loginResult(bed.clock.now());
    session.signIn(login);
    await flush();
    const subscription = browser.pushManager.subscription!;
    expect(subscription).not.toBeNull();
    expect(bed.backend.requests.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /push/public-key', 'POST /push/subscriptions']);
    expect(bed.backend.requests[1]).toMatchObject({ body: subscription.toJSON(), headers: { Authorization: `Bearer ${login.token}` } });

    session.signOut();
    await flush();
    expect(bed.backend.requests[2]).toMatchObject({ method: 'DELETE', url: '/push/subscriptions', body: { endpoint: subscription.endpoint } });
    expect(subscription.unsubscribeCalls).toBe(1);
    expect(browser.pushManager.subscription).toBeNull();
    expect(logged).toEqual([]);

    lifecycle.dispose();
    session.dispose();
  });

  it('a start whose stored token expired while the browser was closed forgets the subscription the last session left', async () => {
    localStorage.clear();
    const earlier = createTestContainer();
    const earlierSession = earlier.container.get<SessionStore>(SessionStore);
    await earlierSession.restore();
    earlierSession.signIn(loginResult(earlier.clock.now()));
    earlierSession.dispose();

    const bed = createTestContainer();
    bed.clock.time = earlier.clock.now() + 9 * 3600 * 1000;
    bed.backend.on('DELETE /push/subscriptions', { status: 204 });
    const browser = new FakePushBrowser();
    browser.permissionState = 'granted';
    const left = browser.pushManager.holdSubscription('https://push.example/send/last-user', base64UrlToBytes(KEY));
    const logged: unknown[] = [];
    bed.container
      .rebind(PushService)
      .toResolvedValue(
        (http: HttpClient, hint: BlockedNotificationsHint) => new WebPushService(browser, http, () => hint.tell(), (error) => logged.push(error)),
        [HttpClient, BlockedNotificationsHint],
      );
    const session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    const lifecycle = bed.container.get(SessionLifecycle);
    lifecycle.start();
    await flush();

    expect(session.isSignedIn).toBe(false);
    expect(bed.backend.requests).toEqual([expect.objectContaining({ method: 'DELETE', url: '/push/subscriptions', body: { endpoint: left.endpoint } })]);
    expect(bed.backend.requests[0]?.headers.Authorization).toBeUndefined();
    expect(left.unsubscribeCalls).toBe(1);
    expect(browser.pushManager.subscription).toBeNull();
    expect(logged).toEqual([]);

    lifecycle.dispose();
    session.dispose();
  });
});
