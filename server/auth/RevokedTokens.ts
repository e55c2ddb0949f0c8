import type { Database } from '../db/Database';

/** The ids (`jti`) of tokens signed out before they expired; kept until they would have expired. */
export class RevokedTokens {
  constructor(private readonly db: Database) {}

  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [
      jti,
      expiresAt.toISOString(),
    ]);
  }

  async isRevoked(jti: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti]);
    return rows.length > 0;
  }

  /** Forgets the tokens that have expired by `now` anyway. */
  async purgeExpired(now: Date): Promise<void> {
    await this.db.query('DELETE FROM revoked_tokens WHERE expires_at < $1', [now.toISOString()]);
  }
}
