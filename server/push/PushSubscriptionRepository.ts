import type { Language } from '../../shared/Language';
import type { Database } from '../db/Database';

/** A subscription as `PushSubscription.toJSON()` gives it (`expirationTime` in epoch milliseconds). */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

/** A stored subscription with what sending needs: whose it is and the language of its user. */
export interface StoredPushSubscription {
  endpoint: string;
  userId: string;
  language: Language;
  p256dh: string;
  auth: string;
  /** ISO timestamp, or null when the push service named no end. */
  expirationTime: string | null;
}

/** At most this many subscriptions per user (browsers and devices); registering one more drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export class PushSubscriptionRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores the subscription for the user, or takes it over when the endpoint is known already (the
   * same browser, whoever signed in last), and drops the user's oldest beyond the cap.
   */
  async save(tenantId: string, userId: string, subscription: PushSubscriptionJson, now: Date): Promise<void> {
    const expiration = subscription.expirationTime === null ? null : new Date(subscription.expirationTime).toISOString();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO push_subscriptions (endpoint, tenant_id, user_id, p256dh, auth, expiration_time, created_at, updated_at)
         VALUES ($1, $2::uuid, $3::uuid, $4, $5, $6::timestamptz, $7::timestamptz, $7::timestamptz)
         ON CONFLICT (endpoint) DO UPDATE
           SET tenant_id = EXCLUDED.tenant_id, user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
               expiration_time = EXCLUDED.expiration_time, updated_at = EXCLUDED.updated_at`,
        [subscription.endpoint, tenantId, userId, subscription.keys.p256dh, subscription.keys.auth, expiration, now.toISOString()],
      );
      await tx.query(
        `DELETE FROM push_subscriptions
          WHERE user_id = $1::uuid
            AND endpoint NOT IN (SELECT endpoint FROM push_subscriptions WHERE user_id = $1::uuid
                                  ORDER BY updated_at DESC, endpoint LIMIT $2)`,
        [userId, MAX_SUBSCRIPTIONS_PER_USER],
      );
    });
  }

  /**
   * Removes the subscription with this endpoint, whoever's it is: the browser unsubscribed, or the
   * push service no longer knows it (404, 410), or it expired.
   */
  async discard(endpoint: string): Promise<void> {
    await this.db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
  }

  /** Every subscription of the tenant, with the language of its user. */
  async ofTenant(tenantId: string): Promise<StoredPushSubscription[]> {
    return this.db.query<StoredPushSubscription>(
      `SELECT s.endpoint, s.user_id AS "userId", u.language, s.p256dh, s.auth, s.expiration_time AS "expirationTime"
         FROM push_subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.tenant_id = $1::uuid
        ORDER BY s.created_at, s.endpoint`,
      [tenantId],
    );
  }
}
