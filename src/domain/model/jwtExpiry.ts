const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function decodeBase64Url(input: string): string | null {
  let bits = 0;
  let buffer = 0;
  let escaped = '';
  for (const char of input.replace(/=+$/, '')) {
    const value = BASE64URL.indexOf(char === '+' ? '-' : char === '/' ? '_' : char);
    if (value < 0) {
      return null;
    }
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      escaped += `%${((buffer >> bits) & 0xff).toString(16).padStart(2, '0')}`;
    }
  }
  try {
    return decodeURIComponent(escaped);
  } catch {
    return null;
  }
}

/** The claims of a JWT as an object, or null when the text is not a JWT. The signature is not checked. */
function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) {
    return null;
  }
  const payload = decodeBase64Url(parts[1]);
  if (payload === null) {
    return null;
  }
  try {
    const claims: unknown = JSON.parse(payload);
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A numeric claim in milliseconds since the epoch (JWT times are seconds), or null. */
function timeClaim(claims: Record<string, unknown> | null, name: string): number | null {
  const value = claims?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;
}

/**
 * The `exp` claim of a JWT in milliseconds since the epoch, or null when the text is not a JWT
 * with a numeric `exp`. The signature is not checked: the backend does that; the console only
 * needs to know whether a stored token is worth keeping.
 */
export function jwtExpiry(token: string): number | null {
  return timeClaim(jwtClaims(token), 'exp');
}

/** When a JWT was issued (`iat`), in milliseconds since the epoch, or null. */
export function jwtIssuedAt(token: string): number | null {
  return timeClaim(jwtClaims(token), 'iat');
}

/**
 * Whether two tokens belong to one session: the same user (`sub`) signed in at the same moment
 * (`auth_time`, which a renewal keeps). Tokens without `auth_time` belong to no common session.
 */
export function sameSession(one: string, other: string): boolean {
  const a = jwtClaims(one);
  const b = jwtClaims(other);
  const authTime = timeClaim(a, 'auth_time');
  return authTime !== null && authTime === timeClaim(b, 'auth_time') && typeof a?.['sub'] === 'string' && a['sub'] === b?.['sub'];
}

/** True when `token` is a JWT whose `exp` lies after `now` (ms). */
export function isUnexpiredJwt(token: string, now: number): boolean {
  const expiry = jwtExpiry(token);
  return expiry !== null && expiry > now;
}
