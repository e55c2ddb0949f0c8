import type { LoginResult, User } from '../../../shared/User';
import { tokenExpiringAt } from './fakeJwt';

export const demoUser: User = {
  id: 'u-1',
  email: 'disponent@autohaus-nord.example',
  name: 'Dana Disponent',
  language: 'de',
  tenant: { id: 't-1', name: 'Autohaus Nord' },
  theme: { color1: '#0b3d91', color2: '#1f6feb', color3: '#d9480f' },
};

export function loginResult(now: number, user: User = demoUser): LoginResult {
  const expires = now + 8 * 3600 * 1000;
  return { token: tokenExpiringAt(expires, user.id), expiresAt: new Date(expires).toISOString(), user };
}
