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
  role: Role;
  theme_color1: string | null;
  theme_color2: string | null;
  theme_color3: string | null;
}

/** What may change of a user: their language, and their tenant's colours (a colour set to null is cleared). */
export interface UserChanges {
  language?: Language;
  theme?: Partial<Record<ThemeColorKey, string | null>>;
}

const SELECT_USER = `
  SELECT u.id, u.tenant_id, t.name AS tenant_name, u.email, u.name, u.password_hash, u.language, u.role,
         t.theme_color1, t.theme_color2, t.theme_color3
    FROM users u JOIN tenants t ON t.id = u.tenant_id`;

const COLOUR_COLUMNS: Record<ThemeColorKey, string> = {
  color1: 'theme_color1',
  color2: 'theme_color2',
  color3: 'theme_color3',
};

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

  /** The user's role now, or undefined when there is no such user: every signed-in request asks (kept prepared). */
  async roleOf(id: string): Promise<Role | undefined> {
    const rows = await this.db.query<{ role: Role }>('SELECT role FROM users WHERE id = $1', [id], { prepared: true });
    return rows[0]?.role;
  }

  /**
   * Applies all `changes` in one transaction: the language to the user, the colours to their tenant.
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
