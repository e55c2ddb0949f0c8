import type { Language } from '../../shared/Language';
import type { ThemeColorKey } from '../../shared/ThemeColors';
import type { Database } from '../db/Database';

/** A user as stored, with the name of their tenant. */
export interface UserRecord {
  id: string;
  tenant_id: string;
  tenant_name: string;
  email: string;
  name: string;
  password_hash: string;
  language: Language;
  theme_color1: string | null;
  theme_color2: string | null;
  theme_color3: string | null;
}

/** What may change of a user; a colour set to null is cleared. */
export interface UserChanges {
  language?: Language;
  theme?: Partial<Record<ThemeColorKey, string | null>>;
}

const SELECT_USER = `
  SELECT u.id, u.tenant_id, t.name AS tenant_name, u.email, u.name, u.password_hash, u.language,
         u.theme_color1, u.theme_color2, u.theme_color3
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

  /** Applies all `changes` in one statement; answers the user as changed, or undefined when unknown. */
  async update(id: string, changes: UserChanges, now: Date): Promise<UserRecord | undefined> {
    const params: (string | null)[] = [id, now.toISOString()];
    const assignments = ['updated_at = $2'];
    if (changes.language !== undefined) {
      params.push(changes.language);
      assignments.push(`language = $${params.length}`);
    }
    for (const [key, column] of Object.entries(COLOUR_COLUMNS) as [ThemeColorKey, string][]) {
      const value = changes.theme?.[key];
      if (value !== undefined) {
        params.push(value);
        assignments.push(`${column} = $${params.length}`);
      }
    }
    const updated = await this.db.query(`UPDATE users SET ${assignments.join(', ')} WHERE id = $1 RETURNING id`, params);
    return updated.length > 0 ? this.findById(id) : undefined;
  }
}
