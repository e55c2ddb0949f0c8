import path from 'node:path';
import { DEFAULT_SESSION_IDLE_MINUTES } from '../../shared/RuntimeConfig';
import { DEFAULT_SESSION_MAX_SECONDS, DEFAULT_TOKEN_TTL_SECONDS } from '../auth/sessionDefaults';
import type { BackendConfig } from './BackendConfig';
import { packageVersion, REPOSITORY_ROOT } from './repository';

/**
 * A configuration for a backend started from code (tests, benchmarks): `overrides` layered on the
 * defaults of such a start, which differ from the program's (loadConfig.ts) where a test needs it:
 * a free port on 127.0.0.1, the database in memory, 200 orders per demo tenant, no logging, no
 * simulator. A field given as `undefined` keeps its default.
 */
export function inProcessConfig(overrides: Partial<BackendConfig> = {}): BackendConfig {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as Partial<BackendConfig>;
  return {
    port: 0,
    host: '127.0.0.1',
    database: 'memory',
    workers: 1,
    seedOrders: 200,
    staticDir: path.join(REPOSITORY_ROOT, 'dist'),
    serveSourceMaps: false,
    push: {},
    tokenTtlSeconds: DEFAULT_TOKEN_TTL_SECONDS,
    sessionIdleMinutes: DEFAULT_SESSION_IDLE_MINUTES,
    sessionMaxSeconds: DEFAULT_SESSION_MAX_SECONDS,
    trustProxy: [],
    release: given.release ?? packageVersion(),
    productionHost: 'cockpit.example.com',
    simulate: false,
    telemetry: {},
    leases: {},
    ...given,
  };
}
