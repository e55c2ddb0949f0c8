import { action, makeObservable, observable } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { NotificationState } from '../../domain/model/NotificationState';
import { ServiceWorkerError } from '../../domain/model/ServiceWorkerError';
import type { HttpClient } from '../../domain/ports/HttpClient';
import type { PushService } from '../../domain/ports/PushService';
import { base64UrlToBytes, sameBytes } from './base64Url';
import { watchNotificationPermission } from './watchNotificationPermission';

/** What the service needs of the browser: its service workers and notification permission. */
export interface PushBrowser {
  /** Null where the browser has no service workers (or the build registers none). */
  serviceWorker: Pick<ServiceWorkerContainer, 'ready' | 'getRegistration'> | null;
  /**
   * Resolves when this page will get no service worker after all (the browser refused it or
   * registering failed), so that `serviceWorker.ready` never resolves; left out where that is unknown.
   */
  serviceWorkerUnavailable?: Promise<void>;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /**
   * Calls the listener when the browser tells that the permission changed (left out where it
   * never tells); returns what stops listening.
   */
  watchPermission?(listener: () => void): () => void;
}

const STATE_OF: Record<NotificationPermission, NotificationState> = { granted: 'on', denied: 'blocked', default: 'notAsked' };

/**
 * The browser of `win`, as the push service sees it. `serviceWorkers` is the page's service worker
 * container where the console has one of its own, else null (then push is unsupported here).
 */
export function pushBrowserOf(
  win: Window & typeof globalThis,
  serviceWorkers: ServiceWorkerContainer | null,
  serviceWorkerUnavailable?: Promise<void>,
): PushBrowser {
  const notifications = typeof win.Notification === 'function' ? win.Notification : null;
  const supported = serviceWorkers !== null && 'PushManager' in win && notifications !== null;
  return {
    serviceWorker: supported ? serviceWorkers : null,
    serviceWorkerUnavailable,
    permission: () => notifications?.permission ?? 'denied',
    requestPermission: () => notifications?.requestPermission() ?? Promise.resolve('denied'),
    watchPermission: (listener) => watchNotificationPermission(win.navigator, listener),
  };
}

/**
 * Web push for new orders. When a session starts, it asks for notification permission if
 * not yet decided, subscribes with `userVisibleOnly` and the backend's VAPID key and sends the
 * subscription to the backend. When the session ends it tells the backend to forget the
 * subscription and unsubscribes the browser, so the next user of this browser gets nothing meant
 * for the last; a start without a session does the same with a subscription an earlier session
 * left (quietly, when there is none). Calls run one after another and never reject: failures are logged as the
 * service worker errors 5601 to 5603; a refused permission is handed to `onDenied` (the console tells
 * the operator once per user and browser: `BlockedNotificationsHint`). A browser that refuses the service worker ends a
 * subscribe at once (the registrar has said why) instead of waiting for a registration that never
 * comes. `notifications` is the permission as the settings page shows it ('unsupported' once the
 * service worker was refused), read again whenever asked for and whenever the browser tells of a change.
 */
export class WebPushService implements PushService, Disposable {
  notifications: NotificationState;

  private queue: Promise<void> = Promise.resolve();
  private readonly stopWatching: () => void;
  /** The browser refused the service worker: push cannot work on this page, whatever the permission. */
  private refused = false;

  constructor(
    private readonly browser: PushBrowser,
    private readonly http: HttpClient,
    /** The browser refuses notifications to a session that subscribes (awaited before the next call). */
    private readonly onDenied: () => Promise<void> | void,
    private readonly log: (error: unknown) => void = (error) => console.warn(error),
  ) {
    this.notifications = this.readState();
    makeObservable<WebPushService, 'refresh'>(this, { notifications: observable, refresh: action });
    this.stopWatching = browser.serviceWorker && browser.watchPermission ? browser.watchPermission(() => this.refresh()) : () => undefined;
  }

  dispose(): void {
    this.stopWatching();
  }

  subscribe(): Promise<void> {
    return this.enqueue(() => this.trySubscribe());
  }

  unsubscribe(): Promise<void> {
    return this.enqueue(() => this.tryUnsubscribe());
  }

  unsubscribeLeftover(): Promise<void> {
    return this.enqueue(() => this.tryUnsubscribeLeftover());
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.log(error);
    });
    return this.queue;
  }

  private readState(): NotificationState {
    return this.browser.serviceWorker && !this.refused ? STATE_OF[this.browser.permission()] : 'unsupported';
  }

  private refresh(): void {
    this.notifications = this.readState();
  }

  private container(): NonNullable<PushBrowser['serviceWorker']> {
    if (!this.browser.serviceWorker) {
      throw new ServiceWorkerError(5601);
    }
    return this.browser.serviceWorker;
  }

  private async trySubscribe(): Promise<void> {
    const container = this.container();
    let permission = this.browser.permission();
    if (permission === 'default') {
      permission = await this.browser.requestPermission();
    }
    this.refresh();
    if (permission !== 'granted') {
      if (permission === 'denied') {
        await this.onDenied();
      }
      return;
    }
    const registration = await this.registration(container);
    if (!registration) {
      // The registrar has said why, once; the settings page shows that push is unavailable here.
      this.refused = true;
      this.refresh();
      return;
    }
    const { publicKey } = await this.http.get<{ publicKey: string }>('/push/public-key');
    const key = base64UrlToBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      // The backend's key changed: a subscription under the old key cannot be sent to any more.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await this.http.post('/push/subscriptions', subscription.toJSON());
  }

  /** The active registration, or null when the page will never get one (rather than waiting forever). */
  private registration(container: NonNullable<PushBrowser['serviceWorker']>): Promise<ServiceWorkerRegistration | null> {
    const unavailable = this.browser.serviceWorkerUnavailable;
    return unavailable ? Promise.race([container.ready, unavailable.then(() => null)]) : container.ready;
  }

  private async tryUnsubscribe(): Promise<void> {
    const subscription = await this.heldSubscription(this.container());
    if (!subscription) {
      throw new ServiceWorkerError(5602);
    }
    await this.forget(subscription);
  }

  /** Without service workers, a registration or a subscription, no earlier session left anything here. */
  private async tryUnsubscribeLeftover(): Promise<void> {
    const subscription = this.browser.serviceWorker && (await this.heldSubscription(this.browser.serviceWorker));
    if (subscription) {
      await this.forget(subscription);
    }
  }

  /**
   * The subscription this browser holds, under the registration there is already: a page that has
   * not registered the service worker yet still finds what an earlier visit registered.
   */
  private async heldSubscription(container: NonNullable<PushBrowser['serviceWorker']>): Promise<PushSubscription | null> {
    const registration = await container.getRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  }

  /** The backend forgets the endpoint, then the browser unsubscribes. */
  private async forget(subscription: PushSubscription): Promise<void> {
    // The backend first: once the browser unsubscribed, nothing would tell it which endpoint went.
    // The token is gone already; the endpoint itself is what the backend deletes by.
    try {
      await this.http.delete('/push/subscriptions', { body: { endpoint: subscription.endpoint } });
    } catch (error) {
      this.log(error);
    }
    let unsubscribed: boolean;
    try {
      unsubscribed = await subscription.unsubscribe();
    } catch (error) {
      throw new ServiceWorkerError(5603, error instanceof Error ? error.message : String(error), { cause: error });
    }
    if (!unsubscribed) {
      throw new ServiceWorkerError(5603);
    }
  }
}
