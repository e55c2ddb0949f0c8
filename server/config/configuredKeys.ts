import { keyFromDataDir, keyFromSecret, randomKey } from '../auth/signingKey';
import type { DatabaseLocation } from '../db/openDatabase';
import { DEFAULT_VAPID_SUBJECT, randomVapidKeys, type VapidKeys, vapidKeysFromDataDir, vapidKeysFromValues } from '../push/vapidKeys';
import type { BackendConfig } from './BackendConfig';

type Storage = Pick<BackendConfig, 'database' | 'databaseUrl' | 'memoryFromDump'>;

/** The data directory of the configuration, or none for a database in memory. */
function dataDirOf(config: Pick<BackendConfig, 'database'>): string | undefined {
  return config.database && config.database !== 'memory' ? config.database : undefined;
}

/** Where the database is: the PostgreSQL server, the data directory, or memory (maybe a copy of a dump). */
export function databaseLocation(config: Storage): DatabaseLocation {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  const dataDir = dataDirOf(config);
  return dataDir ? { kind: 'embedded', dataDir } : { kind: 'memory', from: config.memoryFromDump };
}

/** The token signing key: JWT_SECRET, else the one kept in the data directory, else a random one. */
export function signingKey(config: Pick<BackendConfig, 'jwtSecret' | 'database'>): Buffer {
  if (config.jwtSecret) return keyFromSecret(config.jwtSecret);
  const dataDir = dataDirOf(config);
  return dataDir ? keyFromDataDir(dataDir) : randomKey();
}

/** The VAPID pair: the configured one, else the one kept in the data directory, else fresh ones. */
export function vapidKeys(config: Pick<BackendConfig, 'vapidKeys' | 'vapidSubject' | 'database'>): VapidKeys {
  const subject = config.vapidSubject ?? DEFAULT_VAPID_SUBJECT;
  if (config.vapidKeys) return vapidKeysFromValues(config.vapidKeys.publicKey, config.vapidKeys.privateKey, subject);
  const dataDir = dataDirOf(config);
  return dataDir ? vapidKeysFromDataDir(dataDir, subject) : randomVapidKeys(subject);
}
