import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters: N = 2^14, r = 8, p = 1 (about 50 ms per hash), 64-byte keys, 16-byte salts. */
const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A self-describing hash: `scrypt$<N>$<r>$<p>$<salt base64>$<key base64>`, with a fresh salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` matches `hash`, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) {
    return false;
  }
  const expected = Buffer.from(keyText, 'base64');
  if (expected.length === 0) {
    return false;
  }
  const actual = await derive(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
