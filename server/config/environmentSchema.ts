/**
 * The environment the backend program reads (`server/main.ts`), as a JSON schema for `env-schema`:
 * every variable with its type, default and range. What a schema cannot say well (lists, RFC 3339
 * instants, the demo tenants' prefixes, WORKERS needing DATABASE_URL) loadConfig.ts checks after it.
 * docs/CONFIGURATION.md describes each variable; a test keeps the two naming the same ones.
 * Values arrive trimmed, and an empty one counts as unset (environmentValues.ts).
 */
import { DEFAULT_VAPID_SUBJECT } from '../push/vapidKeys';

const ON_OFF = { type: 'string', enum: ['0', '1'], default: '0' } as const;

/** The levels of the backend's logger (pino). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const ENVIRONMENT_SCHEMA = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', default: 'localhost' },
    DATA_DIR: { type: 'string', default: 'data' },
    DATABASE_URL: { type: 'string' },
    WORKERS: { type: 'integer', minimum: 1, maximum: 256, default: 1 },
    JWT_SECRET: { type: 'string' },
    VAPID_PUBLIC_KEY: { type: 'string' },
    VAPID_PRIVATE_KEY: { type: 'string' },
    VAPID_SUBJECT: { type: 'string', default: DEFAULT_VAPID_SUBJECT },
    PUSH_SERVICE_HOSTS: { type: 'string' },
    PUSH_ALLOWED_HOSTS: { type: 'string' },
    SEED_ORDERS: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 5000 },
    SEED_TENANT_ORDERS: { type: 'string' },
    SEED_NOW: { type: 'string' },
    PRODUCTION_HOST: { type: 'string', default: 'cockpit.example.com' },
    RELEASE: { type: 'string' },
    STATIC_DIR: { type: 'string' },
    SERVE_SOURCE_MAPS: ON_OFF,
    LOG_LEVEL: { type: 'string', enum: LOG_LEVELS, default: 'warn' },
    OTEL_EXPORTER_OTLP_ENDPOINT: { type: 'string' },
    SIMULATE: ON_OFF,
    TRUST_PROXY: { type: 'string' },
    TOKEN_TTL_SECONDS: { type: 'integer', minimum: 30, maximum: 24 * 60 * 60, default: 15 * 60 },
    SESSION_MAX_HOURS: { type: 'integer', minimum: 1, maximum: 24 * 30, default: 12 },
    SESSION_IDLE_MINUTES: { type: 'integer', minimum: 1, maximum: 24 * 60, default: 30 },
    LEASE_SECONDS: { type: 'integer', minimum: 1, maximum: 3600, default: 15 },
    PRESENCE_TTL: { type: 'integer', minimum: 1, maximum: 300, default: 15 },
  },
  // A key pair is both halves or none.
  dependencies: {
    VAPID_PUBLIC_KEY: ['VAPID_PRIVATE_KEY'],
    VAPID_PRIVATE_KEY: ['VAPID_PUBLIC_KEY'],
  },
} as const;

export type EnvironmentVariable = keyof typeof ENVIRONMENT_SCHEMA.properties;

/** The names of every variable the backend reads. */
export const ENVIRONMENT_VARIABLES = Object.keys(ENVIRONMENT_SCHEMA.properties) as EnvironmentVariable[];

/** The environment as the schema leaves it: coerced, defaults filled in. */
export interface Environment {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL?: string;
  WORKERS: number;
  JWT_SECRET?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT: string;
  PUSH_SERVICE_HOSTS?: string;
  PUSH_ALLOWED_HOSTS?: string;
  SEED_ORDERS: number;
  SEED_TENANT_ORDERS?: string;
  SEED_NOW?: string;
  PRODUCTION_HOST: string;
  RELEASE?: string;
  STATIC_DIR?: string;
  SERVE_SOURCE_MAPS: '0' | '1';
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  SIMULATE: '0' | '1';
  TRUST_PROXY?: string;
  TOKEN_TTL_SECONDS: number;
  SESSION_MAX_HOURS: number;
  SESSION_IDLE_MINUTES: number;
  LEASE_SECONDS: number;
  PRESENCE_TTL: number;
}
