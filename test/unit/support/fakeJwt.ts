/** A JWT-shaped token with the given claims (unsigned: the console never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function tokenExpiringAt(ms: number, sub = 'user-1'): string {
  return fakeJwt({ sub, exp: Math.floor(ms / 1000), jti: `${sub}-${ms}` });
}
