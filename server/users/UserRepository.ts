import type { ColorScheme } from '../../shared/ColorScheme';
import type { Language } from '../../shared/Language';
import type { Role } from '../../shared/Role';
import type { ThemeColorKey } from '../../shared/ThemeColors';
import type { Database } from '../db/Database';

/** A user as stored, with the name and the colours of their tenant. */
export interface UserRecord {
  id: string;
  tenant_id: string;
  tenant_name: string;
  email: string;
  name: string;
  password_hash: string;
  language: Language;
  /** The theme the user chose (migration 015). */
  color_scheme: ColorScheme;
  role: Role;
  /** A deactivated user cannot sign in (migration 010). */
  active: boolean;
  /** The password is a one-time password an admin handed out: signing in requires a new one. */
  must_change_password: boolean;
  /** The number of the user's sessions now: counted on whenever they all end (migration 017). */
  session_generation: number;
  theme_color1: string | null;
  theme_color2: string | null;
  theme_color3: string | null;
}

/** What may change of a user: their language and theme, and their tenant's colours (a colour set to null is cleared). */
export interface UserChanges {
  language?: Language;
  colorScheme?: ColorScheme;
  theme?: Partial<Record<ThemeColorKey, string | null>>;
}

/** What a signed-in request needs to know of its user now. */
export interface UserAccess {
  role: Role;
  /** The user's name now (the history and the live events say who changed an order). */
  name: string;
  /** A deactivated user's tokens no longer count. */
  active: boolean;
  /** Tokens issued before this instant (ISO) no longer count; null: all unexpired ones do. */
  sessionsValidFrom: string | null;
  /** Only tokens of this number of the user's sessions count (see `TokenClaims.gen`). */
  sessionGeneration: number;
}

/**
 * The channel on which the end of a user's sessions is announced to every process (`pg_notify`);
 * the payload is `<user id> <session generation>`: streams of tokens of sessions before that end.
 */
export const SESSIONS_ENDED_CHANNEL = 'ended_sessions';

const SELECT_USER = `
  SELECT u.id, u.tenant_id, t.name AS tenant_name, u.email, u.name, u.password_hash, u.language, u.color_scheme, u.role,
         u.active, u.must_change_password, u.session_generation, t.theme_color1, t.theme_color2, t.theme_color3
    FROM users u JOIN tenants t ON t.id = u.tenant_id`;

const COLOUR_COLUMNS: Record<ThemeColorKey, string> = {
  color1: 'theme_color1',
  color2: 'theme_color2',
  color3: 'theme_color3',
};

const ACCESS_COLUMNS = 'role, name, active, sessions_valid_from, session_generation';

interface AccessRow {
  role: Role;
  name: string;
  active: boolean;
  sessions_valid_from: string | null;
  session_generation: number;
}

function accessFrom(row: AccessRow): UserAccess {
  return { role: row.role, name: row.name, active: row.active, sessionsValidFrom: row.sessions_valid_from, sessionGeneration: Number(row.session_generation) };
}

export class UserRepository {
  constructor(private readonly db: Database) {}

  /** The user with this e-mail address, compared without regard to case. */
  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const rows = await this.db.query<UserRecord>(`${SELECT_USER} WHERE lower(u.email) = lower($1)`, [email.trim()]);
    return rows[0];
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const rows = await this.db.query<UserRecord>(`${SELECT_USER} WHERE u.id = $1`, [id]);
    return rows[0];
  }

  /** The user's role, name, activity and session cut-off now, or undefined when there is no such user: every signed-in request asks (kept prepared). */
  async accessOf(id: string): Promise<UserAccess | undefined> {
    const [row] = await this.db.query<AccessRow>(`SELECT ${ACCESS_COLUMNS} FROM users WHERE id = $1`, [id], { prepared: true });
    return row && accessFrom(row);
  }

  /**
   * `accessOf` together with whether the token `jti` is revoked (in `revoked_tokens`), in one
   * statement: one round trip per signed-in request where the revocations are looked up in the
   * database. Undefined when there is no such user, revoked or not.
   */
  async accessAndRevocation(id: string, jti: string): Promise<(UserAccess & { revoked: boolean }) | undefined> {
    const [row] = await this.db.query<AccessRow & { revoked: boolean }>(
      `SELECT ${ACCESS_COLUMNS}, EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $2) AS revoked FROM users WHERE id = $1`,
      [id, jti],
      { prepared: true },
    );
    return row && { ...accessFrom(row), revoked: row.revoked };
  }

  /** Notes a successful sign-in of the user (the Users page shows the last). */
  async recordLogin(id: string, at: Date): Promise<void> {
    await this.db.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [id, at.toISOString()]);
  }

  /** The numbers of the sessions now of those of `ids` whose sessions have ended before. */
  async sessionGenerations(ids: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.db.query<{ id: string; session_generation: number }>(
      'SELECT id::text AS id, session_generation FROM users WHERE id = ANY ($1::uuid[]) AND session_generation > 0',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, Number(row.session_generation)]));
  }

  /**
   * Stores `next`, a stronger hash of the user's unchanged password, unless the hash is no longer
   * `previous` (the password was changed meanwhile: that one stays). Answers whether it was stored.
   */
  async strengthenPasswordHash(id: string, previous: string, next: string): Promise<boolean> {
    const rows = await this.db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING id', [id, previous, next]);
    return rows.length > 0;
  }

  /**
   * Stores the user's new password hash (a password of their own: a one-time password is no longer
   * to be changed) at `at` and ends every session of the user so far: their number is counted on, so
   * that no token issued before counts, whatever its second. Announced to every process's streams in
   * the same statement (`SESSIONS_ENDED_CHANNEL`, heard on commit); recorded among the user's changes
   * as made by themselves. Answers the number of the user's sessions from now on (for the new
   * token), or undefined when there is no such user.
   */
  async changePassword(id: string, passwordHash: string, at: Date): Promise<number | undefined> {
    const rows = await this.db.query<{ session_generation: number }>(
      `WITH changed AS (
         UPDATE users SET password_hash = $2, must_change_password = false, sessions_valid_from = $3, updated_at = $3,
                          session_generation = session_generation + 1
          WHERE id = $1 RETURNING id, tenant_id, session_generation
       ), recorded AS (
         INSERT INTO user_changes (tenant_id, user_id, changed_by, changed_at, change)
         SELECT tenant_id, id, id, $3, '{"password":"changed"}'::jsonb FROM changed
       )
       SELECT session_generation, pg_notify('${SESSIONS_ENDED_CHANNEL}', id::text || ' ' || session_generation::text) FROM changed`,
      [id, passwordHash, at.toISOString()],
    );
    const row = rows[0];
    return row && Number(row.session_generation);
  }

  /**
   * Applies all `changes` in one transaction: the language and the theme to the user, the colours to their tenant.
   * Answers the user as changed, or undefined when unknown.
   */
  async update(id: string, changes: UserChanges, now: Date): Promise<UserRecord | undefined> {
    const colours: string[] = [];
    const colourParams: (string | null)[] = [];
    for (const [key, column] of Object.entries(COLOUR_COLUMNS) as [ThemeColorKey, string][]) {
      const value = changes.theme?.[key];
      if (value !== undefined) {
        colourParams.push(value);
        colours.push(`${column} = $${colourParams.length + 1}`);
      }
    }
    const updated = await this.db.transaction(async (tx) => {
      const params: string[] = [id, now.toISOString()];
      const assignments = ['updated_at = $2'];
      if (changes.language !== undefined) {
        params.push(changes.language);
        assignments.push(`language = $${params.length}`);
      }
      if (changes.colorScheme !== undefined) {
        params.push(changes.colorScheme);
        assignments.push(`color_scheme = $${params.length}`);
      }
      const users = await tx.query<{ tenant_id: string }>(`UPDATE users SET ${assignments.join(', ')} WHERE id = $1 RETURNING tenant_id`, params);
      const tenantId = users[0]?.tenant_id;
      if (tenantId !== undefined && colours.length > 0) {
        await tx.query(`UPDATE tenants SET ${colours.join(', ')} WHERE id = $1`, [tenantId, ...colourParams]);
      }
      return tenantId !== undefined;
    });
    return updated ? this.findById(id) : undefined;
  }
}
