/**
 * The database port of the reference backend: plain PostgreSQL SQL with `$1…` parameters, answered by
 * an embedded PGlite or by a PostgreSQL server. Both adapters return the same row shapes:
 * `timestamptz` columns come back as ISO 8601 strings in UTC, `bigint` as numbers, `interval` as text.
 * Parameters are strings, numbers, booleans, null or arrays of those (dates as ISO strings).
 */
export type SqlValue = string | number | boolean | null | readonly (string | number | boolean | null)[];

/** How one statement is sent. */
export interface QueryOptions {
  /**
   * A statement sent often, always in the same text with other values, whose best plan does not
   * depend on the values (the order list's pages: every sort reads its index in order and stops
   * after a page). A PostgreSQL server keeps it prepared on each connection and plans it once for
   * any values, instead of planning it anew for every call, which costs more than running it. Leave
   * it out where the values decide the plan (a search text, a range the plan must estimate).
   */
  prepared?: boolean;
}

/** Something SQL can be sent to: the database itself or one open transaction. */
export interface Queryable {
  /** One statement with parameters; resolves to its rows. */
  query<T extends object>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside `work`, send every statement through `tx`, never through the database itself.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the connections; the database answers nothing afterwards. */
  close(): Promise<void>;
}

/** A failure reported by the database. `code` is the PostgreSQL SQLSTATE when known. */
export class DatabaseError extends Error {
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.name = 'DatabaseError';
    this.code = code;
  }
}
