import type { Database } from '../../../server/db/Database';

/**
 * The tables a request may change: what a tenant has (its users, orders, views, subscriptions), what
 * happened to it (events, history, user changes) and the sessions ended. Not the bookkeeping that
 * runs on its own (leases, push claims, statistics).
 */
const TABLES = ['tenants', 'users', 'orders', 'order_events', 'order_history', 'order_create_keys', 'saved_views', 'push_subscriptions', 'user_changes', 'revoked_tokens'];

/** Row count and a hash of every row of each table, in one statement: equal fingerprints, equal data. */
const FINGERPRINT_SQL = `SELECT ${TABLES.map(
  (table) => `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM ${table} t) AS ${table}`,
).join(', ')}`;

export type Fingerprint = Record<string, string>;

export async function fingerprint(database: Database): Promise<Fingerprint> {
  const [row] = await database.query<Fingerprint>(FINGERPRINT_SQL);
  if (!row) {
    throw new Error('the fingerprint statement answered no row');
  }
  return row;
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return TABLES.filter((table) => before[table] !== after[table]);
}
