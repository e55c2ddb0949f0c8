import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';
import type { VapidKeys } from '../push/vapidKeys';
import { vapidKeysFromValues } from '../push/vapidKeys';

/**
 * Any fixed number: holders of this transaction-level advisory lock are settling the shared keys, which
 * processes starting together do one at a time.
 */
const KEYS_LOCK = 7_372_002;

/** A key this process has: its text (as stored), whether the environment gave it, and the setting that names it. */
interface LocalKey {
  name: 'token' | 'vapid';
  /** The key as text: base64url for the token key, JSON `{ publicKey, privateKey }` for VAPID. */
  value: string;
  /** What identifies it: the key for the token key, the public key for VAPID. */
  identity: string;
  fromEnvironment: boolean;
  setting: string;
}

interface StoredKey {
  fingerprint: string;
  value: string | null;
}

/** What the processes on one PostgreSQL server sign tokens and push messages with. */
export interface SharedKeys {
  jwtKey: Buffer;
  vapid: VapidKeys;
}

function fingerprint(identity: string): string {
  return createHash('sha256').update(identity).digest('hex');
}

/**
 * The token key and the VAPID pair of a process on a PostgreSQL server that other processes may share
 * (server/README.md, Deployment). Tokens signed by one process must be accepted by every other, and a
 * browser subscribed through one must get push messages sent by any: they all need the same keys.
 *
 * - Keys from the environment (`JWT_SECRET`, `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`) are used as given;
 *   the database keeps only their fingerprint.
 * - Keys not set are taken from the database, where the first process put its own (generated, or
 *   those kept in its DATA_DIR): processes on other machines need no setting.
 * - A process whose key differs from the one the running processes use (another JWT_SECRET, or none
 *   where they have one) refuses to start, naming the setting; with no other process running (none
 *   holds a lease) its key becomes the shared one, which is how a key is changed: stop them all, start
 *   them again with the new one.
 *
 * `holder` is this process's name in the leases.
 */
export async function settleSharedKeys(database: Database, local: { jwtKey: Buffer; vapid: VapidKeys; jwtFromEnvironment: boolean; vapidFromEnvironment: boolean }, holder: string): Promise<SharedKeys> {
  const token: LocalKey = {
    name: 'token',
    value: local.jwtKey.toString('base64url'),
    identity: local.jwtKey.toString('base64url'),
    fromEnvironment: local.jwtFromEnvironment,
    setting: 'JWT_SECRET',
  };
  const vapid: LocalKey = {
    name: 'vapid',
    value: JSON.stringify({ publicKey: local.vapid.publicKey, privateKey: local.vapid.privateKey }),
    identity: local.vapid.publicKey,
    fromEnvironment: local.vapidFromEnvironment,
    setting: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
  };
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [KEYS_LOCK]);
    const tokenValue = await settle(tx, token, holder);
    const vapidValue = await settle(tx, vapid, holder);
    const pair = JSON.parse(vapidValue) as { publicKey: string; privateKey: string };
    return {
      jwtKey: Buffer.from(tokenValue, 'base64url'),
      vapid: vapidKeysFromValues(pair.publicKey, pair.privateKey, local.vapid.subject),
    };
  });
}

/** The value of one key every process uses from now on. */
async function settle(tx: Queryable, key: LocalKey, holder: string): Promise<string> {
  const [stored] = await tx.query<StoredKey>('SELECT fingerprint, value FROM shared_keys WHERE name = $1', [key.name]);
  const own = fingerprint(key.identity);
  if (stored && (key.fromEnvironment ? stored.fingerprint === own : stored.value !== null)) {
    // The same key as the others (from the environment), or the others' stored key (none set here).
    return key.fromEnvironment ? key.value : stored.value ?? key.value;
  }
  if (stored && (await othersRunning(tx, holder))) {
    throw new Error(
      key.fromEnvironment
        ? `${key.setting}: not the key the backend processes already running on this database use; every process must have the same (to change it, stop them all first)`
        : `${key.setting}: the backend processes already running on this database have it set; set the same here`,
    );
  }
  await tx.query(
    `INSERT INTO shared_keys (name, fingerprint, value, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET fingerprint = excluded.fingerprint, value = excluded.value, updated_at = excluded.updated_at`,
    [key.name, own, key.fromEnvironment ? null : key.value],
  );
  return key.value;
}

/** Whether another backend process runs on the database: one of them always holds the housekeeping lease. */
async function othersRunning(tx: Queryable, holder: string): Promise<boolean> {
  const [row] = await tx.query<{ running: boolean }>('SELECT EXISTS (SELECT 1 FROM leases WHERE holder <> $1 AND expires_at > now()) AS running', [holder]);
  return row?.running === true;
}
