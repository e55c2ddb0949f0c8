import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRole, type Role } from '../../shared/Role';

/**
 * Access tokens: compact JWS (JWT) signed with HMAC-SHA-256 (HS256), built on node:crypto.
 * Only HS256 is accepted on the way in (no `none`, no other algorithm), the signature is compared
 * in constant time, and the claims must have the exact types below.
 */
export interface TokenClaims {
  /** The user id. */
  sub: string;
  /** The tenant id. */
  tenant: string;
  /** A random uuid, the handle for revoking this token. */
  jti: string;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
  /**
   * When the session began (its sign-in), seconds since the epoch: kept by every renewal, so that a
   * session ends at the latest a fixed time after its sign-in. Tokens issued before renewals have none
   * (their `iat` counts instead).
   */
  auth_time?: number;
  /**
   * The number of the user's sessions the token belongs to (`users.session_generation` when its
   * session signed in): a changed password, a new one-time password or a deactivation counts it on,
   * and the token no longer counts. Tokens issued before it have none (0).
   */
  gen?: number;
  /**
   * The user's role when the token was issued, for the reader of the token; the backend checks the
   * role the user has at each request instead. Tokens issued before roles have none.
   */
  role?: Role;
}

export type TokenCheck = { valid: true; claims: TokenClaims } | { valid: false; reason: 'malformed' | 'signature' | 'expired' };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isClaims(value: unknown): value is TokenClaims {
  return (
    isRecord(value) &&
    typeof value.sub === 'string' &&
    typeof value.tenant === 'string' &&
    typeof value.jti === 'string' &&
    Number.isSafeInteger(value.iat) &&
    Number.isSafeInteger(value.exp) &&
    (value.auth_time === undefined || Number.isSafeInteger(value.auth_time)) &&
    (value.gen === undefined || Number.isSafeInteger(value.gen)) &&
    (value.role === undefined || isRole(value.role))
  );
}

export class TokenSigner {
  constructor(private readonly key: Uint8Array) {
    if (key.length < 32) {
      throw new Error('the token signing key must have at least 32 bytes');
    }
  }

  sign(claims: TokenClaims): string {
    const payload = base64url(JSON.stringify(claims));
    return `${HEADER}.${payload}.${this.signature(`${HEADER}.${payload}`).toString('base64url')}`;
  }

  /** Checks form, signature and expiry against `nowSeconds`. Revocation is the caller's business. */
  verify(token: string, nowSeconds: number): TokenCheck {
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((part) => !SEGMENT.test(part))) {
      return { valid: false, reason: 'malformed' };
    }
    const [header = '', payload = '', signature = ''] = parts;
    const headerFields = parseJson(header);
    if (!isRecord(headerFields) || headerFields.alg !== 'HS256' || 'crit' in headerFields) {
      return { valid: false, reason: 'malformed' };
    }
    const expected = this.signature(`${header}.${payload}`);
    const actual = Buffer.from(signature, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      return { valid: false, reason: 'signature' };
    }
    const claims = parseJson(payload);
    if (!isClaims(claims)) {
      return { valid: false, reason: 'malformed' };
    }
    if (claims.exp <= nowSeconds) {
      return { valid: false, reason: 'expired' };
    }
    return { valid: true, claims };
  }

  private signature(input: string): Buffer {
    return createHmac('sha256', this.key).update(input, 'ascii').digest();
  }
}
