import type { Queryable } from './Database';

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

interface Definition {
  name: string;
  definition: string;
}

/**
 * Runs a bulk load into `table` the way the PostgreSQL manual advises for populating a database:
 * its constraints (primary key, unique, foreign keys) and indexes are dropped for the load and
 * restored afterwards, since checking and building them once over all rows is many times faster than
 * row by row. A primary or unique key that another table's foreign key depends on is kept.
 *
 * An empty table is truncated first: its storage is then new in this transaction, and with
 * `wal_level = minimal` (the embedded database) PostgreSQL writes it, and the indexes rebuilt on
 * it, without WAL.
 *
 * Call it inside a transaction, so that a failure leaves the table as it was; other sessions wait
 * meanwhile.
 */
export async function bulkLoad<T>(tx: Queryable, table: string, load: () => Promise<T>): Promise<T> {
  const quoted = quoteIdentifier(table);
  await tx.exec("SET LOCAL work_mem = '64MB'; SET LOCAL maintenance_work_mem = '256MB'");
  const referenced = await tx.query<{ referenced: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f') AS referenced`,
    [table],
  );
  const isReferenced = referenced[0]?.referenced ?? true;
  // Keys first, foreign keys last: a foreign key of the table may rely on nothing of it, but keep the order anyway.
  const keys = isReferenced
    ? []
    : await tx.query<Definition>(
        `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
           FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u') ORDER BY contype, conname`,
        [table],
      );
  const foreignKeys = await tx.query<Definition>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`,
    [table],
  );
  const indexes = await tx.query<Definition>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = $1::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY i.relname`,
    [table],
  );
  const empty = await tx.query(`SELECT 1 FROM ${quoted} LIMIT 1`);
  if (empty.length === 0 && !isReferenced) {
    await tx.exec(`TRUNCATE ${quoted}`);
  }
  for (const key of [...foreignKeys, ...keys]) {
    await tx.exec(`ALTER TABLE ${quoted} DROP CONSTRAINT ${quoteIdentifier(key.name)}`);
  }
  for (const index of indexes) {
    await tx.exec(`DROP INDEX ${quoteIdentifier(index.name)}`);
  }
  const result = await load();
  for (const key of keys) {
    await tx.exec(`ALTER TABLE ${quoted} ADD CONSTRAINT ${quoteIdentifier(key.name)} ${key.definition}`);
  }
  for (const index of indexes) {
    await tx.exec(index.definition);
  }
  for (const key of foreignKeys) {
    await tx.exec(`ALTER TABLE ${quoted} ADD CONSTRAINT ${quoteIdentifier(key.name)} ${key.definition}`);
  }
  return result;
}
