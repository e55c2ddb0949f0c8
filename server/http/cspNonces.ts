import { randomFillSync } from 'node:crypto';

const NONCE_BYTES = 16;
/** Random bytes for the nonces of 256 answers, drawn at once: one call into the generator instead of one per answer. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/** A fresh nonce for the Content-Security-Policy of an answer: 16 random bytes, base64, never handed out twice. */
export function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}
