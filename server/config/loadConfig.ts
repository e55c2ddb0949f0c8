import path from 'node:path';
import envSchema from 'env-schema';
import { parseInstant } from '../../shared/instant';
import { parsePushServiceHosts } from '../push/pushServiceHosts';
import { keyFromSecret } from '../auth/signingKey';
import { checkVapidSubject, vapidKeysFromValues } from '../push/vapidKeys';
import { parseOrdersByTenant } from '../seed/seedDemoData';
import type { BackendConfig } from './BackendConfig';
import { environmentErrorMessage, type SchemaError } from './environmentErrors';
import { ENVIRONMENT_SCHEMA, type Environment } from './environmentSchema';
import { commaList, environmentValues } from './environmentValues';
import { packageVersion, REPOSITORY_ROOT } from './repository';

/** A setting of the environment the backend cannot start with; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `parse(text)`, its error prefixed with the variable's name. */
function parsed<T>(name: string, text: string | undefined, parse: (text: string) => T, prefix = `${name}: `): T | undefined {
  if (text === undefined) return undefined;
  try {
    return parse(text);
  } catch (error) {
    throw new ConfigError(`${prefix}${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The variables as the schema admits them (types, ranges, defaults); throws naming each it refuses. */
function checkedEnvironment(env: NodeJS.ProcessEnv): Environment {
  const values = environmentValues(env);
  try {
    return envSchema<Environment>({ schema: structuredClone(ENVIRONMENT_SCHEMA), data: values, env: false });
  } catch (error) {
    const errors = (error as { errors?: SchemaError[] }).errors;
    throw new ConfigError(errors ? environmentErrorMessage(errors, values) : String(error));
  }
}

/**
 * The configuration of the backend program, read once from `env` (docs/CONFIGURATION.md): checked
 * against the schema (environmentSchema.ts), then what it cannot say. Throws a `ConfigError` naming
 * the variable that is wrong.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const environment = checkedEnvironment(env);
  const databaseUrl = environment.DATABASE_URL;
  if (environment.WORKERS > 1 && !databaseUrl) {
    throw new ConfigError(
      `WORKERS=${environment.WORKERS} needs PostgreSQL: set DATABASE_URL to a PostgreSQL server that every process shares. ` +
        'The embedded database can be opened by one process only; without DATABASE_URL, run one process (no WORKERS).',
    );
  }
  const seedNow = environment.SEED_NOW;
  const seedNowMs = seedNow === undefined ? undefined : parseInstant(seedNow);
  if (seedNow !== undefined && seedNowMs === undefined) {
    throw new ConfigError(`SEED_NOW must be an instant such as 2026-11-26T00:00:00+01:00, not ${JSON.stringify(seedNow)}`);
  }
  // Its own message names the variable already.
  const vapidSubject = parsed('VAPID_SUBJECT', environment.VAPID_SUBJECT, checkVapidSubject, '');
  const { JWT_SECRET: jwtSecret, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = environment;
  // Checked here already, so that a wrong key stops the start before anything is opened (their messages name them).
  parsed('JWT_SECRET', jwtSecret, keyFromSecret, '');
  if (publicKey && privateKey) parsed('VAPID_PUBLIC_KEY', publicKey, (key) => vapidKeysFromValues(key, privateKey), '');
  return {
    port: environment.PORT,
    host: environment.HOST,
    database: path.resolve(environment.DATA_DIR),
    databaseUrl,
    workers: environment.WORKERS,
    seedOrders: environment.SEED_ORDERS,
    seedTenantOrders: parsed('SEED_TENANT_ORDERS', environment.SEED_TENANT_ORDERS, (text) => parseOrdersByTenant(text)),
    seedNow: seedNowMs === undefined ? undefined : new Date(seedNowMs),
    staticDir: path.resolve(environment.STATIC_DIR ?? path.join(REPOSITORY_ROOT, 'dist')),
    serveSourceMaps: environment.SERVE_SOURCE_MAPS === '1',
    jwtSecret,
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    vapidSubject,
    push: {
      endpoints: {
        serviceHosts: parsed('PUSH_SERVICE_HOSTS', environment.PUSH_SERVICE_HOSTS, parsePushServiceHosts),
        allowedHosts: commaList(environment.PUSH_ALLOWED_HOSTS),
      },
    },
    release: environment.RELEASE ?? packageVersion(),
    productionHost: environment.PRODUCTION_HOST,
    logger: { level: environment.LOG_LEVEL },
    simulate: environment.SIMULATE === '1',
    telemetry: { collectorEndpoint: environment.OTEL_EXPORTER_OTLP_ENDPOINT },
    leases: { ttlMs: environment.LEASE_SECONDS * 1000 },
    events: { presenceTtlMs: environment.PRESENCE_TTL * 1000 },
    tokenTtlSeconds: environment.TOKEN_TTL_SECONDS,
    sessionMaxSeconds: environment.SESSION_MAX_HOURS * 60 * 60,
    sessionIdleMinutes: environment.SESSION_IDLE_MINUTES,
    trustProxy: commaList(environment.TRUST_PROXY) ?? [],
  };
}
