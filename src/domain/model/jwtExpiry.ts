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

/**
 * The `exp` claim of a JWT in milliseconds since the epoch, or null when the text is not a JWT
 * with a numeric `exp`. The signature is not checked: the backend does that; the console only
 * needs to know whether a stored token is worth keeping.
 */
export function jwtExpiry(token: string): number | null {
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
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** True when `token` is a JWT whose `exp` lies after `now` (ms). */
export function isUnexpiredJwt(token: string, now: number): boolean {
  const expiry = jwtExpiry(token);
  return expiry !== null && expiry > now;
}
