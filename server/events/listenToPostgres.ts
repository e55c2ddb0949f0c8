import { REVOCATION_CHANNEL } from '../auth/RevokedTokens';
import type { Database } from '../db/Database';
import { SESSIONS_ENDED_CHANNEL } from '../users/UserRepository';
import { EventLog } from './EventLog';
import { EVENT_CHANNEL } from './EventWakeups';
import { PostgresEventHub } from './PostgresEventHub';
import { PostgresNotifications } from './PostgresNotifications';
import { DISPLACED_STREAMS_CHANNEL } from './StreamPlaces';
import { PRESENCE_CHANNEL } from '../presence/presenceMessages';

export interface PostgresListening {
  hub: PostgresEventHub;
  notifications: PostgresNotifications;
  close(): Promise<void>;
}

/**
 * The listening connection to a PostgreSQL server and the hub on it (PostgresEventHub.ts),
 * listening before the hub reads where the tenants stand, so that no commit falls between.
 */
export async function listenToPostgres(
  connectionString: string,
  database: Database,
  onError: (error: unknown, message: string) => void,
): Promise<PostgresListening> {
  const notifications = new PostgresNotifications({ connectionString, channels: [EVENT_CHANNEL, REVOCATION_CHANNEL, SESSIONS_ENDED_CHANNEL, DISPLACED_STREAMS_CHANNEL, PRESENCE_CHANNEL], onError });
  const hub = new PostgresEventHub({ notifications, eventLog: new EventLog(database), database, onError });
  const close = async () => {
    hub.close();
    await notifications.close();
  };
  try {
    await notifications.start();
    await hub.start();
  } catch (error) {
    await close();
    throw error;
  }
  return { hub, notifications, close };
}
