import type { Database } from '../db/Database';
import { PgliteDatabase } from '../db/PgliteDatabase';
import { isUuid } from '../http/uuid';

/**
 * Where `isRevoked` finds its answer:
 * - `memory`: the revocations read from the database once, then kept in step by `revoke` and
 *   `purgeExpired`; no query per request. Right only while every revocation is written by this
 *   process (through this class).
 * - `database`: a query per check; right however many processes share the database.
 */
export type RevocationLookup = 'memory' | 'database';

/**
 * `memory` for the embedded database, whose files only one process can have open (so every
 * revocation passes through it); `database` for a PostgreSQL server, which several processes of
 * the backend may share.
 */
export function revocationLookupFor(db: Database): RevocationLookup {
  return db instanceof PgliteDatabase ? 'memory' : 'database';
}

/** The revocations of one database as this process knows them: `jti` to expiry (epoch ms). */
interface RevocationMemory {
  readonly expiries: Map<string, number>;
  /** Settles when the stored revocations have been read; undefined until asked for, or after a failed read. */
  loaded?: Promise<void>;
}

/**
 * One memory per database, shared by every instance over it (the server builds one at start to
 * purge and one for the routes; tests build several apps on one database).
 */
const memories = new WeakMap<Database, RevocationMemory>();

function memoryOf(db: Database): RevocationMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = { expiries: new Map() };
    memories.set(db, memory);
  }
  return memory;
}

/** The channel on which a revocation is announced to every process (`pg_notify`); the payload is the `jti`. */
export const REVOCATION_CHANNEL = 'revoked_tokens';

/** The ids (`jti`) of tokens signed out before they expired; kept until they would have expired. */
export class RevokedTokens {
  private readonly memory: RevocationMemory | undefined;

  constructor(
    private readonly db: Database,
    readonly lookup: RevocationLookup = revocationLookupFor(db),
  ) {
    this.memory = lookup === 'memory' ? memoryOf(db) : undefined;
  }

  /**
   * Stores the revocation and, in the same statement, notifies `REVOCATION_CHANNEL` with the `jti`:
   * on commit, every process listening on the database ends the token's streams (events/endRevokedStreams.ts).
   */
  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      `WITH stored AS (INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING)
       SELECT pg_notify('${REVOCATION_CHANNEL}', $3::text)`,
      [jti, expiresAt.toISOString(), jti],
    );
    // Once stored: the memory never claims more than the database holds.
    this.memory?.expiries.set(jti.toLowerCase(), expiresAt.getTime());
  }

  /**
   * Revokes the token as `revoke` does, unless it is revoked already: answers whether this call did,
   * so that of two callers at once, on any processes, exactly one wins (a token renews once).
   */
  async revokeOnce(jti: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `WITH stored AS (INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING RETURNING jti)
       SELECT pg_notify('${REVOCATION_CHANNEL}', $3::text) FROM stored`,
      [jti, expiresAt.toISOString(), jti],
    );
    this.memory?.expiries.set(jti.toLowerCase(), expiresAt.getTime());
    return rows.length > 0;
  }

  async isRevoked(jti: string): Promise<boolean> {
    if (!this.memory) {
      // Every authenticated request asks: kept prepared (a lookup by key plans the same for any token).
      const rows = await this.db.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti], { prepared: true });
      return rows.length > 0;
    }
    await this.load(this.memory);
    return this.memory.expiries.has(jti.toLowerCase());
  }

  /** Which of the tokens `jtis` are revoked (one query, however the checks are answered otherwise). */
  async revokedAmong(jtis: readonly string[]): Promise<string[]> {
    const valid = jtis.filter((jti) => isUuid(jti));
    if (valid.length === 0) return [];
    const rows = await this.db.query<{ jti: string }>('SELECT jti::text AS jti FROM revoked_tokens WHERE jti = ANY ($1::uuid[])', [valid]);
    const revoked = new Set(rows.map((row) => row.jti.toLowerCase()));
    return valid.filter((jti) => revoked.has(jti.toLowerCase()));
  }

  /** Forgets the tokens that have expired by `now` anyway. */
  async purgeExpired(now: Date): Promise<void> {
    await this.db.query('DELETE FROM revoked_tokens WHERE expires_at < $1', [now.toISOString()]);
    if (this.memory) {
      for (const [jti, expiry] of this.memory.expiries) {
        if (expiry < now.getTime()) {
          this.memory.expiries.delete(jti);
        }
      }
    }
  }

  /**
   * Reads the stored revocations into `memory`, once. Merged into what `revoke` added meanwhile;
   * a failed read is tried again by the next check.
   */
  private load(memory: RevocationMemory): Promise<void> {
    memory.loaded ??= this.db
      .query<{ jti: string; expires_at: string }>('SELECT jti, expires_at FROM revoked_tokens')
      .then((rows) => {
        for (const row of rows) {
          memory.expiries.set(row.jti.toLowerCase(), Date.parse(row.expires_at));
        }
      })
      .catch((error: unknown) => {
        memory.loaded = undefined;
        throw error;
      });
    return memory.loaded;
  }
}
