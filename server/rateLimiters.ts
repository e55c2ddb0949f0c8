import type { LoginOptions } from './auth/LoginOptions';
import { AccountFailureDelay, DEFAULT_ACCOUNT_DELAY_RULES } from './auth/AccountFailureDelay';
import { AccountFailureDelayedLogins } from './auth/AccountFailureDelayedLogins';
import type { AuthRoutesDeps } from './auth/authRoutes';
import { DEFAULT_LOGIN_RATE_LIMITS, LoginRateLimiter, SharedLoginRateLimiter } from './auth/LoginRateLimiter';
import type { SharedServices } from './SharedServices';
import { SharedTelemetryRateLimiter } from './telemetry/TelemetryRateLimiter';
import { type TelemetryOptions, telemetryRateLimits } from './telemetry/telemetryRoutes';

/**
 * The app's rate limiters, made in this one place: on a database other processes share, they count
 * in it (together); on the embedded one, in this process.
 */

/** Sign-in: failed attempts per address and account and per address, then the delay of an account's failures. */
export function loginLimiter(services: SharedServices, login: LoginOptions | undefined): AuthRoutesDeps['limiter'] {
  const { database, clock } = services;
  const limits = { ...DEFAULT_LOGIN_RATE_LIMITS, ...login?.rateLimits };
  return new AccountFailureDelayedLogins(
    services.shared ? new SharedLoginRateLimiter(database, clock, limits) : new LoginRateLimiter(clock, limits),
    new AccountFailureDelay(database, { ...DEFAULT_ACCOUNT_DELAY_RULES, ...login?.accountDelay }),
    clock,
  );
}

/** Telemetry floods: shared by the processes of one database; `undefined` lets the routes count alone. */
export function telemetryLimiter(services: SharedServices, telemetry: TelemetryOptions | undefined): SharedTelemetryRateLimiter | undefined {
  return services.shared
    ? new SharedTelemetryRateLimiter(services.database, services.clock, telemetryRateLimits(telemetry), (error) =>
        services.log.warn({ err: error }, 'telemetry limits: the database did not answer; this process counts alone meanwhile'),
      )
    : undefined;
}
