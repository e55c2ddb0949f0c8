import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';

/**
 * The browser's side of web push, written from the RFCs and independent of the `web-push` package:
 * a subscription's keys, the decryption of an `aes128gcm` message (RFC 8291 with RFC 8188) and the
 * check of a VAPID `Authorization` header (RFC 8292), so that a test sees what a browser would read.
 */

/** A browser's push subscription: what it posts (`toJSON()`) and the private key it keeps. */
export interface BrowserSubscription {
  json: { endpoint: string; expirationTime: number | null; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
}

export function browserSubscription(endpoint: string, expirationTime: number | null = null): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    json: {
      endpoint,
      expirationTime,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
    privateKey: ecdh.getPrivateKey(),
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The parts of an `aes128gcm` message (RFC 8188, 2.1). */
export interface Aes128gcmHeader {
  salt: Buffer;
  recordSize: number;
  keyId: Buffer;
  records: Buffer;
}

export function parseAes128gcm(body: Buffer): Aes128gcmHeader {
  if (body.length < 21) throw new Error('too short for an aes128gcm header');
  const idLength = body.readUInt8(20);
  return {
    salt: body.subarray(0, 16),
    recordSize: body.readUInt32BE(16),
    keyId: body.subarray(21, 21 + idLength),
    records: body.subarray(21 + idLength),
  };
}

/**
 * Decrypts a web push message with the user agent's keys (RFC 8291, 3.3 and 3.4): the key id is the
 * application server's ephemeral public key; the content key and nonce come from the ECDH secret,
 * the auth secret and the salt. Answers the plaintext without its padding; throws when anything is off.
 */
export function decryptWebPush(body: Buffer, uaPrivateKey: Buffer, authSecret: Buffer): Buffer {
  const { salt, recordSize, keyId: asPublic, records } = parseAes128gcm(body);
  if (asPublic.length !== 65) throw new Error('the key id is not a P-256 public key');
  const ua = createECDH('prime256v1');
  ua.setPrivateKey(uaPrivateKey);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const plaintext: Buffer[] = [];
  for (let start = 0, sequence = 0; start < records.length; start += recordSize, sequence += 1) {
    const record = records.subarray(start, Math.min(start + recordSize, records.length));
    const last = start + recordSize >= records.length;
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's low bits (far fewer than 2^32 records here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: a delimiter (2 in the last record, 1 before) followed by zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    plaintext.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintext);
}

/** The claims of a VAPID token whose signature was checked. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292, 3): `k` is the expected key, the
 * token is ES256-signed by it. Answers its claims; throws otherwise.
 */
export function verifyVapidAuthorization(header: string | undefined, expectedPublicKey: string): VapidClaims {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token = '', key = ''] = match;
  if (key !== expectedPublicKey) throw new Error('k is not the server key');
  const [head = '', payload = '', signature = ''] = token.split('.');
  const jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`alg ${jwtHeader.alg}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('bad VAPID signature');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VapidClaims;
}
