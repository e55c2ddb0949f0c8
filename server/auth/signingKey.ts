import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEY_FILE = 'jwt-secret';
const KEY_BYTES = 32;

/** `JWT_SECRET` as signing key: its UTF-8 bytes, at least 32 of them. */
export function keyFromSecret(secret: string): Buffer {
  const key = Buffer.from(secret, 'utf8');
  if (key.length < KEY_BYTES) {
    throw new Error(`JWT_SECRET must be at least ${KEY_BYTES} bytes long`);
  }
  return key;
}

/** A fresh random key, for a server whose data lives in memory only. */
export function randomKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/**
 * The signing key kept with the data: read from `<dataDir>/jwt-secret`, or generated there on first
 * start (base64url text, readable by the owner only), so that tokens survive a restart.
 */
export function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length < KEY_BYTES) {
    throw new Error(`${file} holds no usable key; remove it to have a new one generated`);
  }
  return key;
}
