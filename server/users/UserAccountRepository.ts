import type { Role } from '../../shared/Role';
import type { NewUserAccount, UserAccount, UserAccountChange } from '../../shared/UserAccount';
import type { Database, Queryable } from '../db/Database';
import { isUniqueViolation } from '../db/uniqueViolation';
import { SESSIONS_ENDED_CHANNEL } from './UserRepository';

interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  language: UserAccount['language'];
  active: boolean;
  must_change_password: boolean;
  last_login_at: string | Date | null;
}

const ACCOUNT_COLUMNS = 'id::text AS id, name, email, role, language, active, must_change_password, last_login_at';

function accountOf(row: AccountRow): UserAccount {
  const lastLogin = row.last_login_at;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    language: row.language,
    active: row.active,
    mustChangePassword: row.must_change_password,
    lastLoginAt: lastLogin === null ? null : new Date(lastLogin).toISOString(),
  };
}

/** A user as changed, and the number of their sessions from now on when the change ended those before. */
export interface ChangedAccount {
  account: UserAccount;
  sessionGeneration?: number;
}

/** Why a change of a user was refused: the tenant would be left without an active admin. */
export type RefusedAccountChange = 'not-found' | 'last-admin';

/**
 * When a user's sessions end at an admin's hand (deactivated, a new one-time password): the next whole
 * second after `now`. Tokens tell their issue time in whole seconds, so one issued in the very second
 * of the change, before it, must not count either; the user gets no new token in that second (they
 * are inactive, or must first choose a password, which sets the time anew).
 */
export function sessionsEndAt(now: Date): Date {
  return new Date((Math.floor(now.getTime() / 1000) + 1) * 1000);
}

/**
 * The tenant's users as its admins administer them. Every change is recorded in `user_changes` with
 * who made it, in the transaction that makes it; a change that ends a user's sessions (deactivation,
 * a new one-time password) announces it to every process (`SESSIONS_ENDED_CHANNEL`) on commit.
 * Everything is scoped to the tenant given: another tenant's user is not found.
 */
export class UserAccountRepository {
  constructor(private readonly db: Database) {}

  /** The tenant's users, by name. */
  async list(tenantId: string): Promise<UserAccount[]> {
    const rows = await this.db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE tenant_id = $1 ORDER BY lower(name), lower(email), id`, [
      tenantId,
    ]);
    return rows.map(accountOf);
  }

  /**
   * Creates an active user who must change `passwordHash`'s password at first sign-in; undefined
   * when the e-mail address is taken (by anyone: addresses sign in across tenants).
   */
  async create(tenantId: string, actorId: string, account: NewUserAccount, passwordHash: string, now: Date): Promise<UserAccount | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.query<AccountRow>(
          `INSERT INTO users (id, tenant_id, email, name, password_hash, language, role, must_change_password, created_at, updated_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, true, $7, $7)
           RETURNING ${ACCOUNT_COLUMNS}`,
          [tenantId, account.email, account.name, passwordHash, account.language, account.role, now.toISOString()],
        );
        if (!row) throw new Error('the new user was not returned');
        const created = { name: account.name, email: account.email, role: account.role, language: account.language };
        await record(tx, tenantId, row.id, actorId, now, { created });
        return accountOf(row);
      });
    } catch (error) {
      // The e-mail address is taken.
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /**
   * Changes a user's role or whether they are active. A tenant never loses its last active admin:
   * the tenant's active admins are locked first, so that two admins demoting each other at once are
   * taken one after the other and the second is refused. Deactivating ends the user's sessions.
   */
  async change(tenantId: string, actorId: string, id: string, change: UserAccountChange, now: Date): Promise<ChangedAccount | RefusedAccountChange> {
    return this.db.transaction(async (tx) => {
      const admins = await tx.query<{ id: string }>(
        `SELECT id::text AS id FROM users WHERE tenant_id = $1 AND role = 'admin' AND active ORDER BY id FOR UPDATE`,
        [tenantId],
      );
      const [current] = await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
      if (!current) return 'not-found';
      const role = change.role ?? current.role;
      const active = change.active ?? current.active;
      const staysAdmin = role === 'admin' && active;
      if (!staysAdmin && admins.every((admin) => admin.id === id)) return 'last-admin';

      const diff: Record<string, { from: unknown; to: unknown }> = {};
      if (role !== current.role) diff.role = { from: current.role, to: role };
      if (active !== current.active) diff.active = { from: current.active, to: active };
      if (Object.keys(diff).length === 0) return { account: accountOf(current) };
      const ended = current.active && !active;
      const [row] = await tx.query<AccountRow & { session_generation: number }>(
        `UPDATE users SET role = $3, active = $4, updated_at = $5${ended ? ', sessions_valid_from = $6, session_generation = session_generation + 1' : ''}
          WHERE tenant_id = $1 AND id = $2 RETURNING ${ACCOUNT_COLUMNS}, session_generation`,
        [tenantId, id, role, active, now.toISOString(), ...(ended ? [sessionsEndAt(now).toISOString()] : [])],
      );
      if (!row) return 'not-found';
      await record(tx, tenantId, id, actorId, now, diff);
      if (!ended) return { account: accountOf(row) };
      const sessionGeneration = Number(row.session_generation);
      await announceSessionsEnded(tx, id, sessionGeneration);
      return { account: accountOf(row), sessionGeneration };
    });
  }

  /**
   * Gives a user a new one-time password (`passwordHash`'s), to be changed at their next sign-in,
   * and ends their sessions. Undefined when the tenant has no such user.
   */
  async resetPassword(tenantId: string, actorId: string, id: string, passwordHash: string, now: Date): Promise<Required<ChangedAccount> | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<AccountRow & { session_generation: number }>(
        `UPDATE users SET password_hash = $3, must_change_password = true, sessions_valid_from = $5, updated_at = $4,
                          session_generation = session_generation + 1
          WHERE tenant_id = $1 AND id = $2 RETURNING ${ACCOUNT_COLUMNS}, session_generation`,
        [tenantId, id, passwordHash, now.toISOString(), sessionsEndAt(now).toISOString()],
      );
      if (!row) return undefined;
      await record(tx, tenantId, id, actorId, now, { password: 'reset' });
      const sessionGeneration = Number(row.session_generation);
      await announceSessionsEnded(tx, id, sessionGeneration);
      return { account: accountOf(row), sessionGeneration };
    });
  }
}

/** Records a change of `userId` by `actorId` (see migration 010). */
export async function record(tx: Queryable, tenantId: string, userId: string, actorId: string, now: Date, change: Record<string, unknown>): Promise<void> {
  await tx.query('INSERT INTO user_changes (tenant_id, user_id, changed_by, changed_at, change) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    tenantId,
    userId,
    actorId,
    now.toISOString(),
    JSON.stringify(change),
  ]);
}

/** Tells every process that the user's tokens of sessions before the `sessionGeneration`th no longer count (heard on commit). */
async function announceSessionsEnded(tx: Queryable, userId: string, sessionGeneration: number): Promise<void> {
  await tx.query(`SELECT pg_notify('${SESSIONS_ENDED_CHANNEL}', $1::text)`, [`${userId} ${sessionGeneration}`]);
}
