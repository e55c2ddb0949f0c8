import type { PushBrowser } from '../../../src/infrastructure/push/WebPushService';

/** A VAPID public key as the backend hands it out (base64url, 65 bytes of an uncompressed P-256 point). */
export const vapidKey = (seed: number): string => Buffer.from(Uint8Array.from({ length: 65 }, (_, index) => (index * 7 + seed) % 256)).toString('base64url');

/** A browser's push subscription: records its unsubscribe, which answers as the test says. */
export class FakePushSubscription {
  readonly expirationTime = null;
  readonly options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer };
  unsubscribeAnswer: boolean | Error = true;
  unsubscribeCalls = 0;
  /** Called when the browser is asked to unsubscribe (to check what happened before). */
  onUnsubscribe: () => void = () => undefined;

  constructor(
    private readonly manager: FakePushManager,
    readonly endpoint: string,
    applicationServerKey: Uint8Array,
  ) {
    this.options = { userVisibleOnly: true, applicationServerKey: Uint8Array.from(applicationServerKey).buffer };
  }

  async unsubscribe(): Promise<boolean> {
    this.unsubscribeCalls++;
    this.onUnsubscribe();
    if (this.unsubscribeAnswer instanceof Error) {
      throw this.unsubscribeAnswer;
    }
    if (this.unsubscribeAnswer && this.manager.subscription === this) {
      this.manager.subscription = null;
    }
    return this.unsubscribeAnswer;
  }

  toJSON(): PushSubscriptionJSON {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: `p256dh-of-${this.endpoint}`, auth: `auth-of-${this.endpoint}` } };
  }
}

/** A PushManager without a push service: subscribing makes a subscription with a new endpoint. */
export class FakePushManager {
  subscription: FakePushSubscription | null = null;
  readonly subscribeCalls: PushSubscriptionOptionsInit[] = [];
  private endpoints = 0;

  async getSubscription(): Promise<FakePushSubscription | null> {
    return this.subscription;
  }

  async subscribe(options: PushSubscriptionOptionsInit): Promise<FakePushSubscription> {
    this.subscribeCalls.push(options);
    this.subscription = new FakePushSubscription(this, `https://push.example/send/${++this.endpoints}`, options.applicationServerKey as Uint8Array);
    return this.subscription;
  }

  /** A subscription this browser already holds (made by an earlier session). */
  holdSubscription(endpoint: string, applicationServerKey: Uint8Array): FakePushSubscription {
    this.subscription = new FakePushSubscription(this, endpoint, applicationServerKey);
    return this.subscription;
  }
}

/**
 * A browser with a registered service worker and notification permission the test sets:
 * `requestPermission` answers with `permissionAnswer` (or waits for `answerPermission`).
 */
export class FakePushBrowser implements PushBrowser {
  readonly pushManager = new FakePushManager();
  readonly registration = { pushManager: this.pushManager } as unknown as ServiceWorkerRegistration;
  permissionState: NotificationPermission = 'default';
  permissionAnswer: NotificationPermission | 'later' = 'granted';
  permissionRequests = 0;
  /** False: no service worker registered (yet). */
  registered = true;
  serviceWorker: PushBrowser['serviceWorker'] = {
    ready: Promise.resolve(this.registration),
    getRegistration: async () => (this.registered ? this.registration : undefined),
  };
  serviceWorkerUnavailable?: Promise<void>;
  private answerLater: ((answer: NotificationPermission) => void) | null = null;

  permission(): NotificationPermission {
    return this.permissionState;
  }

  requestPermission(): Promise<NotificationPermission> {
    this.permissionRequests++;
    if (this.permissionAnswer === 'later') {
      return new Promise((resolve) => {
        this.answerLater = (answer) => {
          this.permissionState = answer;
          resolve(answer);
        };
      });
    }
    this.permissionState = this.permissionAnswer;
    return Promise.resolve(this.permissionAnswer);
  }

  /** The operator answers the pending permission prompt. */
  answerPermission(answer: NotificationPermission): void {
    this.answerLater?.(answer);
    this.answerLater = null;
  }

  withoutServiceWorker(): this {
    this.serviceWorker = null;
    return this;
  }
}
