/** The part of `http_ece` (the encryption under `web-push`, which ships no types) the tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function encrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; dh: string; privateKey: ECDH; salt: string; authSecret: string; rs?: number; pad?: number },
  ): Buffer;
}
