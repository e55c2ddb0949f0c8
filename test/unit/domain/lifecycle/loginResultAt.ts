import { demoUser } from '../../support/demoUser';
import { fakeJwt } from '../../support/fakeJwt';

export const MINUTE = 60_000;

/**
 * A login (or renewal) result of the backend's kind: a token of `lifeMs` (15 minutes) from `at`, of
 * the session signed in at `signedIn`, for the demo user.
 */
export function loginResultAt(at: number, signedIn: number, lifeMs = 15 * MINUTE): { token: string; expiresAt: string; user: typeof demoUser } {
  return {
    token: fakeJwt({ sub: demoUser.id, iat: Math.floor(at / 1000), auth_time: Math.floor(signedIn / 1000), exp: Math.floor((at + lifeMs) / 1000), jti: `j-${at}` }),
    expiresAt: new Date(at + lifeMs).toISOString(),
    user: demoUser,
  };
}
