/**
 * The database port of the reference backend: plain PostgreSQL SQL with `$1…` parameters, answered by
 * an embedded PGlite or by a PostgreSQL server. Both adapters return the same row shapes:
 * `timestamptz` columns come back as ISO 8601 strings in UTC, `bigint` as numbers, `interval` as text.
 * Parameters are strings, numbers, booleans, null or arrays of those (dates as ISO strings).
 */
export type SqlValue = string | number | boolean | null | readonly (string | number | boolean | null)[];

/** Something SQL can be sent to: the database itself or one open transaction. */
export interface Queryable {
  /** One statement with parameters; resolves to its rows. */
  query<T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
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
