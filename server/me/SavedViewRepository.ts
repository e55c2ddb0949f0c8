import { randomUUID } from 'node:crypto';
import type { OrderViewDefinition, SavedView } from '../../shared/SavedView';
import { viewDefinitionOf } from '../../shared/savedViewRules';
import type { Database } from '../db/Database';
import { isUniqueViolation } from '../db/uniqueViolation';

/** What a view is stored as: its name (trimmed) and its definition (checked, exactly its fields). */
export interface SavedViewValues {
  name: string;
  definition: OrderViewDefinition;
}

/** Why a view was not stored: the user has one of the name already (compared without regard to case), or as many as they may keep. */
export type RefusedView = 'name-taken' | 'limit-reached';

interface ViewRow {
  id: string;
  name: string;
  definition: OrderViewDefinition | string;
  created_at: string | Date;
  updated_at: string | Date;
}

const VIEW_COLUMNS = 'id::text AS id, name, definition, created_at, updated_at';

function definitionOf(row: ViewRow): OrderViewDefinition {
  return typeof row.definition === 'string' ? (JSON.parse(row.definition) as OrderViewDefinition) : row.definition;
}

function viewOf(row: ViewRow): SavedView {
  return {
    id: row.id,
    name: row.name,
    // In the order of its fields (jsonb keeps keys in an order of its own).
    ...viewDefinitionOf(definitionOf(row)),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The views of the orders list that users saved (migration 013). Everything is scoped to the user
 * given: another user's view (of the same tenant or another) is not found, as an unknown one.
 */
export class SavedViewRepository {
  constructor(private readonly db: Database) {}

  /** The user's views, by name without regard to case. */
  async list(userId: string): Promise<SavedView[]> {
    const rows = await this.db.query<ViewRow>(`SELECT ${VIEW_COLUMNS} FROM saved_views WHERE user_id = $1 ORDER BY lower(name), name, id`, [userId]);
    return rows.map(viewOf);
  }

  /**
   * Stores a new view of the user, unless they keep `limit` views already or one of the name. The
   * user's creations are taken one after the other (their row is locked first), so that two at once
   * never pass the limit together; two of one name at once meet at the unique index, and the second
   * is refused.
   */
  async create(userId: string, values: SavedViewValues, now: Date, limit: number): Promise<SavedView | RefusedView> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
        const [kept] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_views WHERE user_id = $1', [userId]);
        if (Number(kept?.n ?? 0) >= limit) return 'limit-reached';
        const [row] = await tx.query<ViewRow>(
          `INSERT INTO saved_views (id, user_id, name, definition, created_at, updated_at)
           VALUES ($1, $2, $3, $4::jsonb, $5, $5)
           RETURNING ${VIEW_COLUMNS}`,
          [randomUUID(), userId, values.name, JSON.stringify(values.definition), now.toISOString()],
        );
        if (!row) throw new Error('the new view was not returned');
        return viewOf(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'name-taken';
      throw error;
    }
  }

  /**
   * Changes a view of the user to what `change` makes of it as it is now (locked meanwhile; what
   * `change` throws leaves it as it was). A change that changes nothing writes nothing (the view
   * keeps its `updatedAt`).
   */
  async change(userId: string, id: string, change: (current: SavedView) => SavedViewValues, now: Date): Promise<SavedView | 'not-found' | 'name-taken'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.query<ViewRow>(`SELECT ${VIEW_COLUMNS} FROM saved_views WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
        if (!row) return 'not-found';
        const current = viewOf(row);
        const values = change(current);
        const definition = JSON.stringify(values.definition);
        // Both in the order of their fields (viewDefinitionOf).
        if (values.name === current.name && definition === JSON.stringify(viewDefinitionOf(current))) return current;
        const [changed] = await tx.query<ViewRow>(
          `UPDATE saved_views SET name = $3, definition = $4::jsonb, updated_at = $5 WHERE id = $1 AND user_id = $2 RETURNING ${VIEW_COLUMNS}`,
          [id, userId, values.name, definition, now.toISOString()],
        );
        return changed ? viewOf(changed) : 'not-found';
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'name-taken';
      throw error;
    }
  }

  /** Deletes a view of the user; whether there was one. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM saved_views WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return rows.length > 0;
  }
}
