import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';

/** Where the stand-in keeps the subscription, so that it outlives the page as the browser's does. */
const STORAGE_KEY = 'test.pushSubscription';

interface StoredSubscription {
  endpoint: string;
  applicationServerKey: number[];
  keys: { p256dh: string; auth: string };
}

/**
 * Headless Chromium reaches no push service: every page of `context` gets a PushManager whose one
 * subscription (with well-formed keys and `endpoint`) is kept in the origin's localStorage, so a
 * later page, as after the browser was closed and opened again, finds what an earlier one made.
 */
export async function useStoredPushManager(context: BrowserContext, endpoint: string): Promise<void> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  await context.addInitScript(
    ({ storageKey, subscriptionEndpoint, subscriptionKeys }) => {
      const read = (): StoredSubscription | null => JSON.parse(localStorage.getItem(storageKey) ?? 'null') as StoredSubscription | null;
      const asSubscription = (stored: StoredSubscription): PushSubscription =>
        ({
          endpoint: stored.endpoint,
          expirationTime: null,
          options: { applicationServerKey: Uint8Array.from(stored.applicationServerKey).buffer, userVisibleOnly: true },
          toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
          unsubscribe: async () => {
            localStorage.removeItem(storageKey);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => {
        const stored = read();
        return stored ? asSubscription(stored) : null;
      };
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey;
        const stored: StoredSubscription = {
          endpoint: subscriptionEndpoint,
          applicationServerKey: Array.from(key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key ?? new Uint8Array()) as Uint8Array)),
          keys: subscriptionKeys,
        };
        localStorage.setItem(storageKey, JSON.stringify(stored));
        return asSubscription(stored);
      };
    },
    { storageKey: STORAGE_KEY, subscriptionEndpoint: endpoint, subscriptionKeys: keys },
  );
}

/** The endpoint of the subscription the stand-in holds for the page's origin, or null. */
export function storedPushEndpoint(page: Page): Promise<string | null> {
  return page.evaluate((storageKey) => (JSON.parse(localStorage.getItem(storageKey) ?? 'null') as { endpoint: string } | null)?.endpoint ?? null, STORAGE_KEY);
}
