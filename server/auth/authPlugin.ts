import type { AppOptions } from '../AppOptions';
import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { loginLimiterFor } from './loginLimiterFor';
import { type AuthRoutesDeps, registerLoginRoute, registerLogoutRoute, registerPasswordChangeRoute, registerRenewRoute } from './authRoutes';
import { DEFAULT_SESSION_MAX_SECONDS, DEFAULT_TOKEN_TTL_SECONDS } from './sessionDefaults';

/** Sign-in (open), and sign-out, password change and token renewal (signed in). */
export function authPlugin(services: SharedServices, options: Pick<AppOptions, 'login' | 'tokenTtlSeconds' | 'sessionMaxSeconds'>): Feature {
  const deps: AuthRoutesDeps = {
    users: services.users,
    signer: services.signer,
    revokedTokens: services.revokedTokens,
    limiter: loginLimiterFor(services.database, options.login),
    passwords: services.passwords,
    clock: services.clock,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    sessionMaxSeconds: options.sessionMaxSeconds ?? DEFAULT_SESSION_MAX_SECONDS,
    eventStreams: services.openStreams,
  };
  return {
    open: (app) => registerLoginRoute(app, deps),
    signedIn: (api) => {
      registerLogoutRoute(api, deps);
      registerPasswordChangeRoute(api, deps);
      registerRenewRoute(api, deps);
    },
  };
}
