import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters: CPU and memory cost N (a power of two), block size r, parallelism p. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt cost (Password Storage Cheat Sheet): N = 2^17, r = 8, p = 1. A hash takes
 * 128 * N * r bytes (128 MiB) while it is computed; see server/README.md for its time.
 */
export const OWASP_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** Room beyond scrypt's own 128 * N * r bytes, for its other buffers. */
const MEMORY_MARGIN = 1024 * 1024;

function derive(password: string, salt: Buffer, keyLength: number, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r + MEMORY_MARGIN };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A self-describing hash: `scrypt$<N>$<r>$<p>$<salt base64>$<key base64>`, with a fresh salt, at `cost` (OWASP's by default). */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(hash: string): StoredHash | undefined {
  const [scheme, n, r, p, saltText, keyText, ...rest] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText || rest.length > 0) {
    return undefined;
  }
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const key = Buffer.from(keyText, 'base64');
  if (!Object.values(cost).every((value) => Number.isSafeInteger(value) && value > 0) || key.length === 0) {
    return undefined;
  }
  return { cost, salt: Buffer.from(saltText, 'base64'), key };
}

/** Whether `password` matches `hash`, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const stored = parseHash(hash);
  if (!stored) {
    return false;
  }
  const actual = await derive(password, stored.salt, stored.key.length, stored.cost);
  return timingSafeEqual(actual, stored.key);
}

/**
 * Whether `hash` was made at a weaker cost than `cost` (a smaller N, r or p), so that it is to be made
 * anew when its password is next at hand (a sign-in). A malformed hash is not: it matches nothing.
 */
export function needsRehash(hash: string, cost: ScryptCost = OWASP_SCRYPT_COST): boolean {
  const stored = parseHash(hash);
  return stored !== undefined && (stored.cost.N < cost.N || stored.cost.r < cost.r || stored.cost.p < cost.p);
}
