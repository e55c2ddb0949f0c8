import { createECDH } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateVAPIDKeys } from 'web-push';

/**
 * The application server's identity towards push services (VAPID, RFC 8292): a P-256 key pair as
 * base64url (public key 65 bytes uncompressed, private key 32 bytes) and a contact for the operators
 * of push services (`mailto:` or `https:`).
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The contact sent when none is configured (`VAPID_SUBJECT`); a deployment should name its own. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:operations@order-cockpit.example';

const KEY_FILE = 'vapid-keys.json';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A subject push services accept: a `mailto:` address or an `https:` URL. */
export function checkVapidSubject(subject: string): string {
  let url: URL | undefined;
  try {
    url = new URL(subject);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'mailto:' && url.protocol !== 'https:') || (url.protocol === 'mailto:' && !url.pathname.includes('@'))) {
    throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL, not "${subject}"`);
  }
  return subject;
}

/**
 * A configured key pair (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`): both base64url without padding,
 * and the public key must be the one of the private key (a mismatch would only show as push services
 * refusing every message).
 */
export function vapidKeysFromValues(publicKey: string, privateKey: string, subject = DEFAULT_VAPID_SUBJECT): VapidKeys {
  const keys = { publicKey: publicKey.trim(), privateKey: privateKey.trim(), subject: checkVapidSubject(subject) };
  if (!BASE64URL.test(keys.privateKey) || Buffer.from(keys.privateKey, 'base64url').length !== 32) {
    throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key of 32 bytes, base64url without padding');
  }
  if (!BASE64URL.test(keys.publicKey) || Buffer.from(keys.publicKey, 'base64url').length !== 65) {
    throw new Error('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key of 65 bytes, base64url without padding');
  }
  const curve = createECDH('prime256v1');
  try {
    curve.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  } catch {
    throw new Error('VAPID_PRIVATE_KEY is not a valid P-256 private key');
  }
  if (curve.getPublicKey('base64url') !== keys.publicKey) {
    throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  }
  return keys;
}

/** A fresh key pair, for a server whose data lives in memory only (subscriptions vanish with it). */
export function randomVapidKeys(subject = DEFAULT_VAPID_SUBJECT): VapidKeys {
  return { ...generateVAPIDKeys(), subject: checkVapidSubject(subject) };
}

/**
 * The key pair kept with the data: read from `<dataDir>/vapid-keys.json`, or generated there on first
 * start (readable by the owner only). Browsers subscribe with the public key: a new key would make
 * every stored subscription undeliverable, so it must survive restarts.
 */
export function vapidKeysFromDataDir(dataDir: string, subject = DEFAULT_VAPID_SUBJECT): VapidKeys {
  checkVapidSubject(subject);
  const file = path.join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    const { publicKey, privateKey } = generateVAPIDKeys();
    writeFileSync(file, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  chmodSync(file, 0o600);
  let stored: { publicKey?: unknown; privateKey?: unknown } | undefined;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  } catch {
    stored = undefined;
  }
  if (typeof stored?.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error(`${file} holds no usable VAPID keys; remove it to have new ones generated (browsers then subscribe again)`);
  }
  try {
    return vapidKeysFromValues(stored.publicKey, stored.privateKey, subject);
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
