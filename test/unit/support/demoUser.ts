import type { LoginResult, User } from '../../../shared/User';
import { tokenExpiringAt } from './fakeJwt';

export const demoUser: User = {
  id: 'u-1',
  email: 'disponent@autohaus-nord.example',
  name: 'Dana Disponent',
  language: 'de',
  colorScheme: 'system',
  role: 'operator',
  tenant: { id: 't-1', name: 'Autohaus Nord' },
  theme: { color1: '#0b3d91', color2: '#1f6feb', color3: '#c2410c' },
};

export function loginResult(now: number, user: User = demoUser): LoginResult {
  const expires = now + 8 * 3600 * 1000;
  return { token: tokenExpiringAt(expires, user.id), expiresAt: new Date(expires).toISOString(), user };
}

/** The German tenant's admin: may also set the tenant's colours. */
export const demoAdmin: User = {
  ...demoUser,
  id: 'u-2',
  email: 'admin@autohaus-nord.example',
  name: 'Jonas Albrecht',
  role: 'admin',
};

/** A viewer: reads orders, changes nothing. */
export const demoViewer: User = {
  ...demoUser,
  id: 'u-3',
  email: 'viewer@autohaus-nord.example',
  name: 'Vera Viewer',
  role: 'viewer',
};
