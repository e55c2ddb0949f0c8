import { createHmac } from 'node:crypto';
import { randomKey } from '../../../server/auth/signingKey';
import { type TokenClaims, TokenSigner } from '../../../server/auth/tokens';

const claims: TokenClaims = {
  sub: '4b0d7a52-3c6a-4a43-9a43-0e0c2e1b6f11',
  tenant: '0f6c3d8e-8a0c-4f0c-b1a6-2a4a6c9e1d22',
  jti: '8d2f6a0e-1f9b-4c3e-9a7d-5b6c7d8e9f33',
  iat: 1_800_000_000,
  exp: 1_800_028_800,
};

function segment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('TokenSigner', () => {
  const key = randomKey();
  const signer = new TokenSigner(key);

  it('verifies what it signed until the expiry', () => {
    const token = signer.sign(claims);
    expect(signer.verify(token, claims.iat)).toEqual({ valid: true, claims });
    expect(signer.verify(token, claims.exp - 1)).toEqual({ valid: true, claims });
    expect(signer.verify(token, claims.exp)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses tokens of another key', () => {
    expect(new TokenSigner(randomKey()).verify(signer.sign(claims), claims.iat)).toEqual({ valid: false, reason: 'signature' });
  });

  it('refuses other algorithms, even when signed with the key', () => {
    const unsigned = `${segment({ alg: 'none' })}.${segment(claims)}.`;
    expect(signer.verify(unsigned, claims.iat).valid).toBe(false);
    const input = `${segment({ alg: 'HS512', typ: 'JWT' })}.${segment(claims)}`;
    const hs512 = `${input}.${createHmac('sha512', key).update(input).digest('base64url')}`;
    expect(signer.verify(hs512, claims.iat)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('refuses claims of the wrong shape, even when correctly signed', () => {
    const input = `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment({ ...claims, exp: '1800028800' })}`;
    const token = `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    expect(signer.verify(token, claims.iat)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('carries a role when it names one of the three, and takes a token from before roles without one', () => {
    const withRole: TokenClaims = { ...claims, role: 'viewer' };
    expect(signer.verify(signer.sign(withRole), claims.iat)).toEqual({ valid: true, claims: withRole });
    expect(signer.verify(signer.sign(claims), claims.iat)).toEqual({ valid: true, claims });
    for (const wrong of [{ role: 'owner' }, { auth_time: '1800000000' }]) {
      const input = `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment({ ...claims, ...wrong })}`;
      const token = `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
      expect(signer.verify(token, claims.iat)).toEqual({ valid: false, reason: 'malformed' });
    }
    const renewed: TokenClaims = { ...claims, auth_time: claims.iat - 600 };
    expect(signer.verify(signer.sign(renewed), claims.iat)).toEqual({ valid: true, claims: renewed });
  });

  it('refuses keys shorter than 32 bytes', () => {
    expect(() => new TokenSigner(Buffer.alloc(31))).toThrow('at least 32 bytes');
  });
});
