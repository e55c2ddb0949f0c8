import { createHash } from 'node:crypto';
import type { Queryable } from '../db/Database';

/** How long a create's `Idempotency-Key` answers the order it made. */
export const CREATE_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A create's `Idempotency-Key`, whose it is, and the request it came with (a hash of its body). */
export interface CreateKey {
  tenantId: string;
  userId: string;
  key: string;
  requestHash: string;
}

/** What a key made within its lifetime: the order, and the hash of the request that made it. */
export interface ClaimedKey {
  orderId: string;
  requestHash: string;
}

/** The hash a key keeps of its request's body (its JSON as received: a retry sends the same). */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

/**
 * Takes `key` for the order `orderId`, inside the transaction that creates it: true when it was free
 * (never used, or used more than a lifetime ago). A key another create holds already, committed or
 * not, answers false once that create has committed (its row is locked till then): the caller rolls
 * its own creation back and answers what the first made (`findClaimedKey`).
 */
export async function claimCreateKey(tx: Queryable, key: CreateKey, orderId: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - CREATE_KEY_LIFETIME_MS).toISOString();
  // The user's keys of more than a lifetime ago go now and then: here, where a user's key is written.
  await tx.query('DELETE FROM order_create_keys WHERE tenant_id = $1 AND user_id = $2 AND created_at < $3::timestamptz', [key.tenantId, key.userId, cutoff]);
  const rows = await tx.query(
    `INSERT INTO order_create_keys (tenant_id, user_id, key, request_hash, order_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
     ON CONFLICT (tenant_id, user_id, key) DO UPDATE
        SET request_hash = excluded.request_hash, order_id = excluded.order_id, created_at = excluded.created_at
      WHERE order_create_keys.created_at < $7::timestamptz
     RETURNING 1 AS claimed`,
    [key.tenantId, key.userId, key.key, key.requestHash, orderId, now.toISOString(), cutoff],
  );
  return rows.length > 0;
}

/** What `key` made within its lifetime, or undefined. */
export async function findClaimedKey(db: Queryable, key: Omit<CreateKey, 'requestHash'>, now: Date): Promise<ClaimedKey | undefined> {
  const [row] = await db.query<{ order_id: string; request_hash: string }>(
    `SELECT order_id::text AS order_id, request_hash FROM order_create_keys
      WHERE tenant_id = $1 AND user_id = $2 AND key = $3 AND created_at >= $4::timestamptz`,
    [key.tenantId, key.userId, key.key, new Date(now.getTime() - CREATE_KEY_LIFETIME_MS).toISOString()],
  );
  return row && { orderId: row.order_id, requestHash: row.request_hash };
}
